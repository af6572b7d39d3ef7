import { blogPostPath as blogPostPathOf } from '../../paths';
import type { ContentBlock } from '../content/contentBlocks';

export interface BlogPost {
  slug: string;
  title: string;
  description: string;
  keywords: readonly string[];
  /** ISO 8601. */
  publishedTime: string;
  modifiedTime: string;
  body: readonly ContentBlock[];
}

export const BLOG_AUTHOR = 'The ApplyFirst Team';

export function blogPostPath(post: Pick<BlogPost, 'slug'>): string {
  return blogPostPathOf(post.slug);
}
