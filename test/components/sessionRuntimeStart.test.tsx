import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../src/ui/session';

const runtime = vi.hoisted(() => ({ start: vi.fn(() => new Promise<never>(() => {})) }));
vi.mock('../../src/ui/session/browserSessionRuntime', () => ({
  startBrowserSession: runtime.start,
}));

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

afterEach(cleanup);

describe('the browser session runtime', () => {
  it('starts in a task after the one that rendered (hydrated) the page, not in it', async () => {
    await act(async () => {
      render(
        <SessionProvider>
          <p>page</p>
        </SessionProvider>,
      );
      // Everything the render's own task would still run: effects and their microtasks.
      for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
    });
    expect(runtime.start).not.toHaveBeenCalled();

    await act(async () => {
      for (let task = 0; task < 3; task += 1) await nextTask();
    });
    expect(runtime.start).toHaveBeenCalledOnce();
  });
});
