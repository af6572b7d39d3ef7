import { afterEach, describe, expect, it, vi } from 'vitest';
import { closingPopupOnAbort } from '../../src/machines/session/popupWindow';

interface FakePopup {
  close: ReturnType<typeof vi.fn>;
}

/** A browser's `window` with just `open`, which opens a new fake popup (just `close`) each time. */
function fakeBrowser() {
  const popups: FakePopup[] = [];
  const open = vi.fn(() => {
    const popup = { close: vi.fn() };
    popups.push(popup);
    return popup;
  });
  const win: { open: (url: string, target: string) => unknown } = { open };
  vi.stubGlobal('window', win);
  return { win, open, popups };
}

/** A stand-in for `linkWithPopup`: opens a popup like the SDK when told, settles when told. */
function popupOperation(win: { open: (url: string, target: string) => unknown }) {
  let resolveOperation: (value: string) => void = () => undefined;
  let opened: unknown;
  const settled = new Promise<string>((resolve) => {
    resolveOperation = resolve;
  });
  return {
    run: () => settled,
    openPopup: () => {
      opened = win.open('https://auth.example/handler', 'popup');
    },
    settle: () => resolveOperation('linked'),
    opened: () => opened,
  };
}

describe('closingPopupOnAbort', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('closes the window the operation opened when the signal aborts, then gives window.open back', async () => {
    const { win, open, popups } = fakeBrowser();
    const browserOpen = win.open;
    const abort = new AbortController();
    const operation = popupOperation(win);

    const running = closingPopupOnAbort(abort.signal, operation.run);
    operation.openPopup();
    expect(open).toHaveBeenCalledOnce();
    expect(operation.opened()).toBe(popups[0]);
    expect(popups[0]?.close).not.toHaveBeenCalled();

    abort.abort();
    expect(popups[0]?.close).toHaveBeenCalledOnce();
    operation.settle();
    await expect(running).resolves.toBe('linked');
    expect(win.open).toBe(browserOpen);
  });

  it('opens no window once the signal has aborted', async () => {
    const { win, open } = fakeBrowser();
    const abort = new AbortController();
    const operation = popupOperation(win);

    const running = closingPopupOnAbort(abort.signal, operation.run);
    abort.abort();
    operation.openPopup();
    expect(open).not.toHaveBeenCalled();
    expect(operation.opened()).toBeNull();
    operation.settle();
    await running;
  });

  it('gives window.open back when the operation fails without opening a window', async () => {
    const { win } = fakeBrowser();
    const browserOpen = win.open;

    const running = closingPopupOnAbort(new AbortController().signal, () =>
      Promise.reject(new Error('no popup')),
    );
    expect(win.open).not.toBe(browserOpen);
    await expect(running).rejects.toThrow('no popup');
    expect(win.open).toBe(browserOpen);
  });

  it('a new operation owns every window opened after it started, even a late one of the old', async () => {
    const { win, popups } = fakeBrowser();
    const browserOpen = win.open;
    const firstAbort = new AbortController();
    const first = popupOperation(win);
    const secondAbort = new AbortController();
    const second = popupOperation(win);

    const firstRunning = closingPopupOnAbort(firstAbort.signal, first.run);
    firstAbort.abort();
    const secondRunning = closingPopupOnAbort(secondAbort.signal, second.run);
    // The SDK cancelled the first operation, but may still open its window after the second began.
    first.settle();
    await firstRunning;
    first.openPopup();
    second.openPopup();
    expect(popups).toHaveLength(2);

    secondAbort.abort();
    expect(popups.map((popup) => popup.close.mock.calls.length)).toEqual([1, 1]);
    second.settle();
    await secondRunning;
    expect(win.open).toBe(browserOpen);
  });
});
