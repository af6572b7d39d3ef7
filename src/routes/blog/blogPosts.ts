import type { BlogPost } from './blogPost';
import { applyInTheFirst24Hours } from './posts/applyInTheFirst24Hours';
import { remoteTechJobsInTheUs } from './posts/remoteTechJobsInTheUs';
import { tailorYourCvForAts } from './posts/tailorYourCvForAts';

/** Newest first. */
export const BLOG_POSTS: readonly BlogPost[] = [
  remoteTechJobsInTheUs,
  tailorYourCvForAts,
  applyInTheFirst24Hours,
];

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return BLOG_POSTS.find((post) => post.slug === slug);
}
