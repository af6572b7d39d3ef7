import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageMeta } from '../../src/meta/pageMeta';
import { resolvePageMeta } from '../../src/meta/resolvePageMeta';
import { siteIdentity } from '../../src/meta/siteIdentity';
import { NOT_FOUND_PAGE, SITE_PAGES } from '../../src/routes/sitePages';
import { renderSite, stubScrolling } from './renderSite';
import { blogPostPath, PATHS } from '../../src/paths';

beforeEach(stubScrolling);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function head() {
  const all = (selector: string) => [...document.head.querySelectorAll(selector)];
  const content = (selector: string) =>
    all(selector).map((element) => element.getAttribute('content'));
  return {
    titles: all('title').map((title) => title.textContent),
    descriptions: content('meta[name="description"]'),
    robots: content('meta[name="robots"]'),
    ogTypes: content('meta[property="og:type"]'),
    ogUrls: content('meta[property="og:url"]'),
    ogImages: content('meta[property="og:image"]'),
    twitterCards: content('meta[name="twitter:card"]'),
    articleTimes: content('meta[property^="article:"]'),
    canonicals: all('link[rel="canonical"]').map((link) => link.getAttribute('href')),
  };
}

function jsonLdTypes(): string[] {
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => {
    const data = JSON.parse(script.textContent ?? '') as {
      '@type'?: string;
      '@graph'?: { '@type': string }[];
    };
    return data['@type'] ?? (data['@graph'] ?? []).map((node) => node['@type']).join('+');
  });
}

function expectedJsonLd(path: string, meta: PageMeta): string {
  if (meta.type === 'article') return 'BlogPosting';
  return path === PATHS.home ? 'Organization+WebSite' : 'WebPage';
}

describe.each([...SITE_PAGES, NOT_FOUND_PAGE])('the metadata of $path', ({ path, meta }) => {
  it('is in <head> exactly once, with the values of its record', async () => {
    await renderSite(path);
    const expected = resolvePageMeta(meta, siteIdentity);
    const tags = head();

    expect(tags.titles).toEqual([expected.title]);
    expect(tags.descriptions).toEqual([meta.description]);
    expect(tags.twitterCards).toEqual(['summary_large_image']);
    expect(tags.ogImages).toEqual([expected.image.src]);
    expect(tags.ogTypes).toEqual([meta.type ?? 'website']);
    expect(tags.canonicals).toEqual(expected.url ? [expected.url] : []);
    expect(tags.ogUrls).toEqual(tags.canonicals);
    expect(tags.articleTimes).toHaveLength(meta.type === 'article' ? 2 : 0);
    expect(jsonLdTypes()).toEqual([expectedJsonLd(path, meta)]);
  });
});

describe('indexing', () => {
  const UNLISTED: string[] = [
    PATHS.login,
    PATHS.account,
    PATHS.profile,
    PATHS.start,
    PATHS.matches,
  ];

  it.each([...UNLISTED, '/does-not-exist'])('keeps %s out of search results', async (path) => {
    await renderSite(path);
    expect(head().robots).toEqual(['noindex, nofollow']);
  });

  it.each(SITE_PAGES.filter(({ path }) => !UNLISTED.includes(path)))(
    'lets $path be indexed, at its absolute address',
    async ({ path }) => {
      await renderSite(path);
      expect(head().robots).toEqual(['index, follow, max-image-preview:large']);
      expect(head().canonicals).toEqual([new URL(path, `${siteIdentity.url}/`).href]);
    },
  );

  it('renders an unknown blog post as the not-found page', async () => {
    await renderSite(blogPostPath('no-such-post'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    expect(head().robots).toEqual(['noindex, nofollow']);
  });
});

describe('client-side navigation', () => {
  it('replaces the tags of the page it leaves, never adding a second set', async () => {
    const { navigate } = await renderSite(PATHS.home);
    for (const path of [
      PATHS.blog,
      blogPostPath('tailor-your-cv-for-ats'),
      PATHS.privacy,
      PATHS.login,
      PATHS.home,
    ]) {
      await navigate(path);
      await screen.findByRole('heading', { level: 1 });
      const tags = head();
      const { meta } = SITE_PAGES.find((page) => page.path === path)!;
      expect(tags.titles).toEqual([resolvePageMeta(meta, siteIdentity).title]);
      for (const list of [
        tags.descriptions,
        tags.robots,
        tags.ogTypes,
        tags.canonicals,
        tags.ogImages,
      ]) {
        expect(list).toHaveLength(1);
      }
      expect(jsonLdTypes()).toHaveLength(1);
    }
  });
});
