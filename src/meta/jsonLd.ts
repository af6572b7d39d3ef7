import { absoluteUrl, type ResolvedPageMeta } from './resolvePageMeta';
import { PATHS } from '../paths';

type JsonLdValue = string | number | boolean | null | JsonLdNode | JsonLdValue[];
export interface JsonLdNode {
  [key: string]: JsonLdValue;
}

function organization(meta: ResolvedPageMeta): JsonLdNode {
  const { site } = meta;
  return {
    '@type': 'Organization',
    '@id': `${site.url}/#organization`,
    name: site.name,
    url: absoluteUrl(site, PATHS.home),
    logo: absoluteUrl(site, site.logoPath),
    email: site.contactEmail,
  };
}

function webSite(meta: ResolvedPageMeta): JsonLdNode {
  const { site } = meta;
  return {
    '@type': 'WebSite',
    '@id': `${site.url}/#website`,
    name: site.name,
    url: absoluteUrl(site, PATHS.home),
    description: meta.description,
    inLanguage: 'en-US',
    publisher: { '@id': `${site.url}/#organization` },
  };
}

function blogPosting(meta: ResolvedPageMeta): JsonLdNode {
  const { site } = meta;
  return {
    '@type': 'BlogPosting',
    headline: meta.headline,
    description: meta.description,
    image: meta.image.src,
    ...(meta.url ? { url: meta.url, mainEntityOfPage: meta.url } : {}),
    ...(meta.publishedTime ? { datePublished: meta.publishedTime } : {}),
    ...(meta.modifiedTime ? { dateModified: meta.modifiedTime } : {}),
    ...(meta.keywords.length > 0 ? { keywords: meta.keywords.join(', ') } : {}),
    author: meta.author
      ? { '@type': 'Organization', name: meta.author, url: absoluteUrl(site, PATHS.home) }
      : { '@id': `${site.url}/#organization` },
    publisher: organization(meta),
    inLanguage: 'en-US',
  };
}

function webPage(meta: ResolvedPageMeta): JsonLdNode {
  return {
    '@type': 'WebPage',
    name: meta.headline,
    description: meta.description,
    ...(meta.url ? { url: meta.url } : {}),
    isPartOf: { '@type': 'WebSite', name: meta.site.name, url: absoluteUrl(meta.site, PATHS.home) },
    inLanguage: 'en-US',
  };
}

/** Organization + WebSite for the home page, BlogPosting for articles, WebPage for the rest. */
export function structuredData(meta: ResolvedPageMeta): JsonLdNode {
  const isHome = meta.url === absoluteUrl(meta.site, PATHS.home);
  if (meta.type === 'article') return { '@context': 'https://schema.org', ...blogPosting(meta) };
  if (isHome)
    return { '@context': 'https://schema.org', '@graph': [organization(meta), webSite(meta)] };
  return { '@context': 'https://schema.org', ...webPage(meta) };
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON for an inline `<script type="application/ld+json">`. The HTML parser ends the script at
 * `</script` and treats `<!--` specially, whatever the JSON says, so `<`, `>` and `&` are written as
 * JSON escapes (the same data to a JSON parser); U+2028/2029 too, for older JavaScript parsers.
 */
export function serializeJsonLd(data: JsonLdNode): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (character) => UNSAFE_IN_SCRIPT[character] ?? character,
  );
}
