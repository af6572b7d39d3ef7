/** Where the tab is, and getting it elsewhere the way the app's own links do. */
import type { Page } from 'playwright-core';
import { PATHS } from '../../../../src/paths';

export function pathnameOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** A link followed inside the app: React Router's history, without reloading the page. */
export async function navigateInApp(page: Page, pathAndQuery: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, pathAndQuery);
}

/** The e-mailed password-reset link, opened in the same document. */
export function resetPasswordPath(oobCode: string): string {
  return `/login?mode=resetPassword&oobCode=${encodeURIComponent(oobCode)}`;
}

/**
 * Playwright's `networkidle` (no request for 500 ms), except on the matches page, which keeps its
 * live alert stream open as long as it is open: there, the page is done loading (nothing busy) and
 * no other request has ended for 500 ms.
 */
export async function waitForQuietNetwork(page: Page): Promise<void> {
  if (pathnameOf(page) !== PATHS.matches) {
    await page.waitForLoadState('networkidle');
    return;
  }
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => {
      const seen = window as unknown as { quietSince?: { requests: number; at: number } };
      const requests = performance.getEntriesByType('resource').length;
      const at = performance.now();
      if (seen.quietSince?.requests !== requests) seen.quietSince = { requests, at };
      return (
        at - seen.quietSince.at >= 500 &&
        document.querySelector('main[aria-busy="true"], main [aria-busy="true"]') === null
      );
    },
    undefined,
    { polling: 100 },
  );
}
