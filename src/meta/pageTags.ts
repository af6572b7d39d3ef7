import type { ResolvedPageMeta } from './resolvePageMeta';

/** One `<meta>`: standard tags use `name`, Open Graph and article tags use `property`. */
export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

export interface PageTags {
  title: string;
  metaTags: MetaTag[];
  canonical: string | null;
}

const INDEXABLE = 'index, follow, max-image-preview:large';
const NOT_INDEXABLE = 'noindex, nofollow';

function named(key: string, content: string | null): MetaTag[] {
  return content === null || content === '' ? [] : [{ attribute: 'name', key, content }];
}

function property(key: string, content: string | null): MetaTag[] {
  return content === null || content === '' ? [] : [{ attribute: 'property', key, content }];
}

export function pageTags(meta: ResolvedPageMeta): PageTags {
  const { image } = meta;
  const metaTags = [
    ...named('description', meta.description),
    ...named('keywords', meta.keywords.join(', ')),
    ...named('author', meta.author),
    ...named('robots', meta.noIndex ? NOT_INDEXABLE : INDEXABLE),
    ...property('og:site_name', meta.site.name),
    ...property('og:locale', 'en_US'),
    ...property('og:type', meta.type),
    ...property('og:title', meta.headline),
    ...property('og:description', meta.description),
    ...property('og:url', meta.url),
    ...property('og:image', image.src),
    ...property('og:image:width', String(image.width)),
    ...property('og:image:height', String(image.height)),
    ...property('og:image:alt', image.alt),
    ...property('article:published_time', meta.publishedTime),
    ...property('article:modified_time', meta.modifiedTime),
    ...named('twitter:card', 'summary_large_image'),
    ...named('twitter:title', meta.headline),
    ...named('twitter:description', meta.description),
    ...named('twitter:image', image.src),
    ...named('twitter:image:alt', image.alt),
  ];
  return { title: meta.title, metaTags, canonical: meta.url };
}
