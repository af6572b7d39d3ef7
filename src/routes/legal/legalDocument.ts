import type { PageMeta } from '../../meta/pageMeta';
import type { ContentBlock } from '../content/contentBlocks';

export interface LegalDocument {
  title: string;
  description: string;
  path: string;
  /** ISO 8601 date of the last change. */
  lastUpdated: string;
  body: readonly ContentBlock[];
}

export function legalMeta(document: LegalDocument): PageMeta {
  // The date feeds the sitemap's <lastmod>; a website's tags carry no times.
  return {
    title: document.title,
    description: document.description,
    url: document.path,
    modifiedTime: document.lastUpdated,
  };
}
