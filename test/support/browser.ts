export { launchTestChromium } from '../../scripts/chromium';
// Kept importable from here for the browser tests written against this module before the page
// driver existed; the one implementation is test/browser/support/pageDriver.ts.
export {
  collectConsoleErrors,
  readPersistedUser,
  waitForPersistedUser,
  type PersistedUser,
} from '../browser/support/pageDriver';
