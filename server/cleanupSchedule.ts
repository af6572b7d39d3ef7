import type { FastifyInstance } from 'fastify';
import type { CleanupCounts } from './cleanup';

/**
 * Runs the guest clean-up every `everyMs` while the backend runs (never two at once), logging what
 * it deleted or why it failed; stops when the app closes. A deployment that scales to zero (Cloud
 * Run) runs `npm run cleanup:guests` from a scheduler instead.
 */
export function scheduleGuestCleanup(
  app: FastifyInstance,
  cleanup: () => Promise<CleanupCounts>,
  everyMs: number,
): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) {
      app.log.warn('guest clean-up: the previous run has not finished; skipping this one');
      return;
    }
    running = true;
    cleanup()
      .then(
        (counts) => app.log.info(counts, 'guest clean-up done'),
        (error: unknown) => app.log.error({ err: error }, 'guest clean-up failed'),
      )
      .finally(() => {
        running = false;
      });
  }, everyMs);
  // The schedule alone never keeps the process alive.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
