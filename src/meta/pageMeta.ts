/** The page metadata record every route supplies (issue 3, item 6). */
export interface PageImage {
  /** A site path (`/og-image.png`) or an absolute URL. */
  src: string;
  width: number;
  height: number;
  alt: string;
}

export type PageType = 'website' | 'article';

export interface PageMeta {
  /** The page's own title; the site name is added when the tags are made. */
  title: string;
  description: string;
  keywords?: readonly string[];
  author?: string;
  /** Defaults to the site's brand image. */
  image?: PageImage;
  /** The page's path on the site (`/blog`); absent for pages without a canonical address (not found). */
  url?: string;
  /** Defaults to `website`. */
  type?: PageType;
  /** ISO 8601; articles only. */
  publishedTime?: string;
  modifiedTime?: string;
  /** Keeps the page out of search results (`noindex, nofollow`) and out of the sitemap. */
  noIndex?: boolean;
}

/** What the metadata needs to know about the site itself. */
export interface SiteIdentity {
  name: string;
  /** Absolute, without a trailing slash. */
  url: string;
  defaultImage: PageImage;
  logoPath: string;
  contactEmail: string;
}
