import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { serializeJsonLd, structuredData } from '../../src/meta/jsonLd';
import { PageHead } from '../../src/meta/PageHead';
import type { PageMeta, SiteIdentity } from '../../src/meta/pageMeta';
import { pageTags, type MetaTag } from '../../src/meta/pageTags';
import { resolvePageMeta } from '../../src/meta/resolvePageMeta';

const site: SiteIdentity = {
  name: 'ApplyFirst',
  url: 'https://applyfirst.test',
  defaultImage: {
    src: '/og-image.png',
    width: 1200,
    height: 630,
    alt: 'The ApplyFirst brand image',
  },
  logoPath: '/logo-512.png',
  contactEmail: 'hello@applyfirst.test',
};

const article: PageMeta = {
  title: 'Why applying early matters',
  description: 'Early applications get read.',
  keywords: ['job alerts', 'timing'],
  author: 'The ApplyFirst Team',
  image: { src: 'https://cdn.test/cover.png', width: 800, height: 400, alt: 'A cover' },
  url: '/blog/apply-early',
  type: 'article',
  publishedTime: '2024-02-06T09:00:00Z',
  modifiedTime: '2024-06-11T08:30:00Z',
};

const minimal: PageMeta = { title: 'Terms of service', description: 'The terms.', url: '/terms' };

function tagsOf(meta: PageMeta): Map<string, string> {
  const tags = pageTags(resolvePageMeta(meta, site)).metaTags;
  const keys = tags.map(({ key }) => key);
  expect(new Set(keys).size, `duplicate tags in ${keys.join(', ')}`).toBe(keys.length);
  return new Map(tags.map(({ key, content }: MetaTag) => [key, content]));
}

describe('page metadata -> tags', () => {
  it('renders every tag of a full article record', () => {
    const tags = tagsOf(article);
    expect(Object.fromEntries(tags)).toEqual({
      description: 'Early applications get read.',
      keywords: 'job alerts, timing',
      author: 'The ApplyFirst Team',
      robots: 'index, follow, max-image-preview:large',
      'og:site_name': 'ApplyFirst',
      'og:locale': 'en_US',
      'og:type': 'article',
      'og:title': 'Why applying early matters',
      'og:description': 'Early applications get read.',
      'og:url': 'https://applyfirst.test/blog/apply-early',
      'og:image': 'https://cdn.test/cover.png',
      'og:image:width': '800',
      'og:image:height': '400',
      'og:image:alt': 'A cover',
      'article:published_time': '2024-02-06T09:00:00Z',
      'article:modified_time': '2024-06-11T08:30:00Z',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Why applying early matters',
      'twitter:description': 'Early applications get read.',
      'twitter:image': 'https://cdn.test/cover.png',
      'twitter:image:alt': 'A cover',
    });
    const { title, canonical } = pageTags(resolvePageMeta(article, site));
    expect(title).toBe('Why applying early matters | ApplyFirst');
    expect(canonical).toBe('https://applyfirst.test/blog/apply-early');
  });

  it('fills in the site defaults and leaves out the optional tags of a minimal record', () => {
    const tags = tagsOf(minimal);
    expect(tags.get('og:type')).toBe('website');
    expect(tags.get('og:image')).toBe('https://applyfirst.test/og-image.png');
    expect(tags.get('og:image:width')).toBe('1200');
    expect(tags.get('og:image:height')).toBe('630');
    expect(tags.get('og:image:alt')).toBe('The ApplyFirst brand image');
    expect(tags.get('twitter:image')).toBe('https://applyfirst.test/og-image.png');
    expect(tags.get('og:site_name')).toBe('ApplyFirst');
    for (const absent of [
      'keywords',
      'author',
      'article:published_time',
      'article:modified_time',
    ]) {
      expect(tags.has(absent), absent).toBe(false);
    }
  });

  it('keeps times off pages that are not articles', () => {
    const tags = tagsOf({ ...minimal, publishedTime: '2024-01-01', modifiedTime: '2024-06-01' });
    expect(tags.has('article:published_time')).toBe(false);
    expect(tags.has('article:modified_time')).toBe(false);
  });

  it('does not add the site name twice', () => {
    expect(
      pageTags(resolvePageMeta({ ...minimal, title: 'ApplyFirst: job alerts' }, site)).title,
    ).toBe('ApplyFirst: job alerts');
  });

  it('marks noindex pages and drops the canonical link of a page without an address', () => {
    const noIndex = resolvePageMeta(
      { title: 'Not found', description: 'Missing.', noIndex: true },
      site,
    );
    const { metaTags, canonical } = pageTags(noIndex);
    expect(metaTags.find(({ key }) => key === 'robots')?.content).toBe('noindex, nofollow');
    expect(metaTags.some(({ key }) => key === 'og:url')).toBe(false);
    expect(canonical).toBeNull();
  });
});

describe('structured data', () => {
  it('describes the home page as the Organization and its WebSite', () => {
    const data = structuredData(resolvePageMeta({ ...minimal, url: '/' }, site));
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph']).toEqual([
      expect.objectContaining({
        '@type': 'Organization',
        name: 'ApplyFirst',
        url: 'https://applyfirst.test/',
        logo: 'https://applyfirst.test/logo-512.png',
      }),
      expect.objectContaining({
        '@type': 'WebSite',
        name: 'ApplyFirst',
        url: 'https://applyfirst.test/',
      }),
    ]);
  });

  it('describes an article as a BlogPosting with its dates', () => {
    expect(structuredData(resolvePageMeta(article, site))).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Why applying early matters',
      datePublished: '2024-02-06T09:00:00Z',
      dateModified: '2024-06-11T08:30:00Z',
      image: 'https://cdn.test/cover.png',
      mainEntityOfPage: 'https://applyfirst.test/blog/apply-early',
      publisher: { '@type': 'Organization', name: 'ApplyFirst' },
    });
  });

  it('describes other pages as a WebPage of the site', () => {
    expect(structuredData(resolvePageMeta(minimal, site))).toMatchObject({
      '@type': 'WebPage',
      name: 'Terms of service',
      url: 'https://applyfirst.test/terms',
      isPartOf: { '@type': 'WebSite', url: 'https://applyfirst.test/' },
    });
  });

  it('escapes text that could end the script element, and parses back to the same data', () => {
    const hostile = {
      '@type': 'WebPage',
      name: '</script><script>alert(1)</script> <!-- & \u2028\u2029',
    };
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(json).toContain('\\u003c!--');
    expect(JSON.parse(json)).toEqual(hostile);
  });
});

describe('<PageHead>', () => {
  it('renders one of each element with the record in it', () => {
    const html = renderToStaticMarkup(createElement(PageHead, { meta: article, site }));
    const count = (pattern: RegExp) => html.match(pattern)?.length ?? 0;
    expect(count(/<title>/g)).toBe(1);
    expect(html).toContain('<title>Why applying early matters | ApplyFirst</title>');
    expect(count(/<meta name="description"/g)).toBe(1);
    expect(count(/<link rel="canonical"/g)).toBe(1);
    expect(html).toContain(
      '<link rel="canonical" href="https://applyfirst.test/blog/apply-early"/>',
    );
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(count(/<script type="application\/ld\+json">/g)).toBe(1);
  });

  it('keeps hostile text inside the JSON-LD script', () => {
    const meta = { ...minimal, title: 'A </script><img src=x onerror=alert(1)> title' };
    const html = renderToStaticMarkup(createElement(PageHead, { meta, site }));
    const script =
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(script)).toMatchObject({ name: meta.title });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});
