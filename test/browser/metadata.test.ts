import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { blogPostPath } from '../../src/routes/blog/blogPost';
import { BLOG_POSTS } from '../../src/routes/blog/blogPosts';
import { uniqueEmail } from '../support/emulatorAuth';
import {
  createAccountInUi,
  expectNoConsoleErrors,
  isSameDocument,
  markDocument,
  useAppBrowser,
} from './support/appTabs';
import { EVERY_PAGE_PATH, waitForPageReady } from './support/sitePaths';
import { NOT_FOUND_FILE_PATH, PATHS } from '../../src/paths';

/**
 * Issue 4, item 5: after client-side navigation (links clicked, Back and Forward; never a reload),
 * each page's document has exactly one title, description, canonical link and JSON-LD block, equal
 * to those of that page's prerendered HTML, and every other meta tag once, as prerendered.
 */

/** The metadata of a document, each kind as the list of what the document holds. */
interface HeadMetadata {
  titles: string[];
  descriptions: string[];
  canonicals: string[];
  jsonLd: string[];
  /** Every `<meta name>` and `<meta property>` as `key=content`, sorted. */
  metaTags: string[];
}

/** The metadata of the live document (`source` null) or of the prerendered HTML at `source`. */
function headMetadata(page: Page, source: string | null): Promise<HeadMetadata> {
  return page.evaluate(async (url) => {
    const doc = url
      ? new DOMParser().parseFromString(await (await fetch(url)).text(), 'text/html')
      : document;
    const all = (selector: string) => Array.from(doc.querySelectorAll(selector));
    return {
      titles: all('title').map((element) => element.textContent ?? ''),
      descriptions: all('meta[name="description"]').map(
        (element) => element.getAttribute('content') ?? '',
      ),
      canonicals: all('link[rel="canonical"]').map((element) => element.getAttribute('href') ?? ''),
      jsonLd: all('script[type="application/ld+json"]').map((element) => element.textContent ?? ''),
      metaTags: all('meta[name], meta[property]')
        .map((element) => {
          const key = element.getAttribute('name') ?? element.getAttribute('property');
          return `${key}=${element.getAttribute('content') ?? ''}`;
        })
        .sort(),
    };
  }, source);
}

describe('page metadata after client-side navigation', () => {
  const app = useAppBrowser();

  it('every page has exactly one title, description, canonical and JSON-LD, as prerendered', async () => {
    const tab = await app.openTab(NOT_FOUND_FILE_PATH);
    const { page } = tab;
    await waitForPageReady(page, 'guest');
    await markDocument(page);
    const checked = new Set<string>();

    const main = page.locator('main');
    const header = page.getByRole('navigation', { name: 'Main' });
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const link = (region: Locator, name: string | RegExp) =>
      region.getByRole('link', { name, exact: true });
    // The breadcrumb's arrow is CSS generated content, which is part of the link's accessible name.
    const breadcrumbToBlog = link(main, /^\W*Blog$/);

    /** Waits for `path`, then compares the live metadata with the prerendered page's. */
    async function expectMetadataOf(path: string): Promise<void> {
      await page.waitForURL((url) => url.pathname === path);
      const prerendered = await headMetadata(page, path);
      expect(prerendered.titles).toHaveLength(1);
      expect(prerendered.descriptions).toHaveLength(1);
      expect(prerendered.jsonLd).toHaveLength(1);
      // The not-found page has no address of its own, hence no canonical link.
      expect(prerendered.canonicals).toHaveLength(path === NOT_FOUND_FILE_PATH ? 0 : 1);
      await expect.poll(() => headMetadata(page, null), { timeout: 10_000 }).toEqual(prerendered);
      expect(await isSameDocument(page)).toBe(true);
      checked.add(path);
    }

    async function follow(target: Locator, path: string): Promise<void> {
      await target.click();
      await expectMetadataOf(path);
    }

    // The not-found page, left by its own link and come back to with the browser's Back button.
    await follow(link(main, 'Read the blog'), PATHS.blog);
    await page.goBack();
    await expectMetadataOf(NOT_FOUND_FILE_PATH);
    await page.goForward();
    await expectMetadataOf(PATHS.blog);

    for (const post of BLOG_POSTS) {
      await follow(link(main, post.title), blogPostPath(post));
      await follow(breadcrumbToBlog, PATHS.blog);
    }
    for (const [name, path] of [
      ['Refund', PATHS.refund],
      ['Privacy', PATHS.privacy],
      ['Terms', PATHS.terms],
      ['Imprint', PATHS.imprint],
    ] as const) {
      await follow(link(footer, name), path);
    }
    await follow(page.locator('header a.brand'), PATHS.home);
    await follow(link(main, 'Start free').first(), PATHS.start);
    await follow(link(header, 'Job alerts'), PATHS.profile);
    await follow(link(header, 'Matches'), PATHS.matches);
    await follow(link(header, 'Login'), PATHS.login);

    // Creating an account moves on to /account in the page.
    await createAccountInUi(page, app.appUrl, uniqueEmail('meta'), 'meta-Password-1');
    await expectMetadataOf(PATHS.account);
    await follow(link(footer, 'Blog'), PATHS.blog);
    await follow(link(header, 'Account'), PATHS.account);
    await follow(link(header, 'Pricing'), PATHS.home);

    expect([...checked].sort()).toEqual([...EVERY_PAGE_PATH].sort());
    expectNoConsoleErrors(tab);
  });
});
