import type { PageImage, PageMeta, PageType, SiteIdentity } from './pageMeta';

/** A page's metadata with the site's defaults applied and every address made absolute. */
export interface ResolvedPageMeta {
  /** The document title, with the site name. */
  title: string;
  /** The page's own title, as Open Graph and Twitter show it next to the site name. */
  headline: string;
  description: string;
  keywords: readonly string[];
  author: string | null;
  image: PageImage;
  url: string | null;
  type: PageType;
  publishedTime: string | null;
  modifiedTime: string | null;
  noIndex: boolean;
  site: SiteIdentity;
}

export function absoluteUrl(site: SiteIdentity, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${site.url}/`).href;
}

function documentTitle(title: string, siteName: string): string {
  return title.includes(siteName) ? title : `${title} | ${siteName}`;
}

export function resolvePageMeta(meta: PageMeta, site: SiteIdentity): ResolvedPageMeta {
  const type = meta.type ?? 'website';
  const image = meta.image ?? site.defaultImage;
  return {
    title: documentTitle(meta.title, site.name),
    headline: meta.title,
    description: meta.description,
    keywords: meta.keywords ?? [],
    author: meta.author ?? null,
    image: { ...image, src: absoluteUrl(site, image.src) },
    url: meta.url === undefined ? null : absoluteUrl(site, meta.url),
    type,
    publishedTime: type === 'article' ? (meta.publishedTime ?? null) : null,
    modifiedTime: type === 'article' ? (meta.modifiedTime ?? meta.publishedTime ?? null) : null,
    noIndex: meta.noIndex ?? false,
    site,
  };
}
