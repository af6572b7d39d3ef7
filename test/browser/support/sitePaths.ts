import type { Page } from 'playwright-core';
import { SITE_PAGES } from '../../../src/routes/sitePages';
import { expectHeaderShows, waitForQuietNetwork, type SessionKind } from './pageDriver';
import { NOT_FOUND_FILE_PATH } from '../../../src/paths';

/**
 * Every page of the site (src/routes/sitePages.ts) and the not-found page. The host answers an
 * unknown address with `404.html`, so a browser opens that file to see the not-found page.
 */
export const EVERY_PAGE_PATH: readonly string[] = [
  ...SITE_PAGES.map((page) => page.path),
  NOT_FOUND_FILE_PATH,
];

/** The page's route has rendered (its lazily loaded chunk too) and the session kind is known. */
export async function waitForPageReady(page: Page, kind: SessionKind): Promise<void> {
  await expectHeaderShows(page, kind);
  await page.locator('main h1').first().waitFor();
  await waitForQuietNetwork(page);
}
