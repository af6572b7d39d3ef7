import type { PageMeta } from '../meta/pageMeta';
import { accountMeta } from './AccountRoute';
import { blogPostPath } from './blog/blogPost';
import { blogPostMeta } from './blog/blogPostMeta';
import { BLOG_POSTS } from './blog/blogPosts';
import { blogIndexMeta } from './BlogIndexRoute';
import { homeMeta } from './HomeRoute';
import { imprintMeta } from './ImprintRoute';
import { loginMeta } from './LoginRoute';
import { notFoundMeta } from './NotFoundRoute';
import { privacyMeta } from './PrivacyRoute';
import { refundMeta } from './RefundRoute';
import { termsMeta } from './TermsRoute';

/** A page the build prerenders: the address it renders and the file the host serves it from. */
export interface SitePage {
  path: string;
  file: string;
  meta: PageMeta;
}

function page(path: string, meta: PageMeta): SitePage {
  const file = path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
  return { path, file, meta };
}

/** Every route with its own address, in sitemap order. */
export const SITE_PAGES: readonly SitePage[] = [
  page('/', homeMeta),
  page('/blog', blogIndexMeta),
  ...BLOG_POSTS.map((post) => page(blogPostPath(post), blogPostMeta(post))),
  page('/refund', refundMeta),
  page('/privacy', privacyMeta),
  page('/terms', termsMeta),
  page('/imprint', imprintMeta),
  page('/login', loginMeta),
  page('/account', accountMeta),
];

/** The host serves `404.html` for any unknown address; any unmatched path renders it. */
export const NOT_FOUND_PAGE: SitePage = { path: '/404', file: '404.html', meta: notFoundMeta };
