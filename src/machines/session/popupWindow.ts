/**
 * The window a Firebase popup sign-in opens, closed when the person gives up in the app.
 *
 * The SDK (@firebase/auth 1.13.6, `src/platform_browser/util/popup.ts` `_open`, called from
 * `BrowserPopupRedirectResolver._openPopup`) opens it with `window.open` and keeps the handle to
 * itself (`PopupOperation.authWindow`): nothing public closes it or cancels the operation. So
 * `window.open` is wrapped while one such operation runs, and put back when it settles.
 *
 * Like the SDK (a new `PopupOperation` cancels the previous one), one operation is current at a
 * time: a new one takes over. The SDK may still open the window of an operation it cancelled
 * before that window opened; the current operation owns it too, so nothing is left open.
 */
interface PopupWatch {
  signal: AbortSignal;
  opened: Window[];
}

let current: PopupWatch | null = null;
let browserOpen: typeof window.open | null = null;

function openWatched(...args: Parameters<typeof window.open>): Window | null {
  const watch = current;
  if (!browserOpen) return null;
  if (!watch) return browserOpen.apply(window, args);
  // Given up before the popup opened (the SDK was still loading Google's script): open none.
  // The SDK then rejects with `popup-blocked`, which nobody listens to any more.
  if (watch.signal.aborted) return null;
  const opened = browserOpen.apply(window, args);
  if (opened) watch.opened.push(opened);
  return opened;
}

function stopWatching(watch: PopupWatch): void {
  if (current !== watch) return;
  current = null;
  // Only if nothing else replaced it meanwhile (the browser tests' popup blocker does).
  if (browserOpen && window.open === openWatched) window.open = browserOpen;
  browserOpen = null;
}

/**
 * Runs `openAndWait` (e.g. `linkWithPopup`) and closes the windows it opens when `signal` aborts.
 * A closed popup can send no result: the SDK notices it and rejects with `popup-closed-by-user`.
 */
export async function closingPopupOnAbort<T>(
  signal: AbortSignal,
  openAndWait: () => Promise<T>,
): Promise<T> {
  // Outside a browser there is no popup (the SDK refuses popup operations there).
  if (typeof window === 'undefined') return openAndWait();
  const watch: PopupWatch = { signal, opened: [] };
  const closeOpened = (): void => watch.opened.forEach((opened) => opened.close());
  if (window.open !== openWatched) {
    browserOpen = window.open;
    window.open = openWatched;
  }
  current = watch;
  signal.addEventListener('abort', closeOpened, { once: true });
  try {
    return await openAndWait();
  } finally {
    stopWatching(watch);
    signal.removeEventListener('abort', closeOpened);
  }
}
