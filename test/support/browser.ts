import type { Browser } from 'playwright-core';
import { launchTestChromium } from '../../scripts/chromium';

let shared: Promise<Browser> | undefined;

/**
 * The Chromium that the browser test files of one worker share, launched once (the files share the
 * worker's module graph): a file opens contexts of its own and closes them with `endFileContexts`.
 * It ends with the worker's process.
 */
export function sharedTestChromium(): Promise<Browser> {
  shared ??= launchTestChromium().then(
    (browser) => {
      browser.on('disconnected', () => {
        shared = undefined;
      });
      return browser;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** At a file's end, every context it left open (a worker runs one file at a time). */
export async function endFileContexts(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

// Kept importable from here for the browser tests written against this module before the page
// driver existed; the one implementation is test/browser/support/pageDriver.ts.
export {
  collectConsoleErrors,
  readPersistedUser,
  waitForPersistedUser,
  type PersistedUser,
} from '../browser/support/pageDriver';
