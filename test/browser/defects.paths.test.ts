import { describe, expect, it } from 'vitest';
import { waitForQuietNetwork } from './support/pageDriver';
import { useRawBrowser } from './support/rawTabs';

/** Addresses a person may type in the wrong case (or wrong altogether); the host serves them as not found. */
const WRONG_CASE_PATHS = [
  // And paths that exist in neither case.
  '/no-such-page',
  '/blog/no-such-post',
  '/LOGIN',
  '/Login',
  '/Blog',
  '/Privacy',
  '/ACCOUNT',
  '/Imprint',
  '/blog/Remote-Tech-Jobs-In-The-US',
  '/BLOG/remote-tech-jobs-in-the-us',
];

describe('issue 9 #4: a path in the wrong case', () => {
  const browser = useRawBrowser();

  it.each(WRONG_CASE_PATHS)(
    '%s is the not-found page on the server and in the browser, without a hydration error',
    async (path) => {
      const tab = await browser.open(path);
      await waitForQuietNetwork(tab.page);
      // The header's session link changes once the app runs: proof that it hydrated.
      await tab.page.locator('header a.account-link:not([data-session-kind="unknown"])').waitFor();

      expect(await tab.page.locator('main h1').innerText()).toBe('Page not found');
      expect(await tab.page.title()).toContain('Page not found');
      // The host answers 404, as it should, and Chromium logs that; nothing else may be logged
      // (before the fix: React's hydration error #418).
      const ownNotFound = `Failed to load resource: the server responded with a status of 404 (Not Found) (${browser.appUrl}${path})`;
      expect(tab.consoleErrors.filter((line) => line !== ownNotFound)).toEqual([]);
    },
  );

  it.each(['/login', '/blog', '/privacy', '/blog/remote-tech-jobs-in-the-us'])(
    '%s, in the right case, is still its page',
    async (path) => {
      const tab = await browser.open(path);
      await tab.page.locator('header a.account-link:not([data-session-kind="unknown"])').waitFor();
      expect(await tab.page.locator('main h1').innerText()).not.toBe('Page not found');
    },
  );
});
