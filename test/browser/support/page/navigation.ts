/** Where the tab is, and getting it elsewhere the way the app's own links do. */
import type { Page } from 'playwright-core';

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
