import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium, NO_CHROMIUM_MESSAGE } from '../../scripts/chromium';

export { CHROMIUM_FLAGS };
// Kept importable from here for the browser tests written against this module before the page
// driver existed; the one implementation is test/browser/support/pageDriver.ts.
export {
  collectConsoleErrors,
  readPersistedUser,
  waitForPersistedUser,
  type PersistedUser,
} from '../browser/support/pageDriver';

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`${NO_CHROMIUM_MESSAGE} Then run the browser tests again.`);
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}
