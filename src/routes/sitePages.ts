import type { PageMeta } from '../meta/pageMeta';
import { accountMeta } from './AccountRoute';
import { blogPostPath } from './blog/blogPost';
import { blogPostMeta } from './blog/blogPostMeta';
import { BLOG_POSTS } from './blog/blogPosts';
import { blogIndexMeta } from './BlogIndexRoute';
import { homeMeta } from './HomeRoute';
import { imprintMeta } from './ImprintRoute';
import { loginMeta } from './LoginRoute';
import { matchesMeta } from './MatchesRoute';
import { notFoundMeta } from './NotFoundRoute';
import { privacyMeta } from './PrivacyRoute';
import { profileMeta } from './ProfileRoute';
import { startMeta } from './StartRoute';
import { refundMeta } from './RefundRoute';
import { termsMeta } from './TermsRoute';
import { NOT_FOUND_FILE, PATHS } from '../paths';

/** A page the build prerenders: the address it renders and the file the host serves it from. */
export interface SitePage {
  path: string;
  file: string;
  meta: PageMeta;
}

function page(path: string, meta: PageMeta): SitePage {
  const file = path === PATHS.home ? 'index.html' : `${path.slice(1)}/index.html`;
  return { path, file, meta };
}

/** Every route with its own address, in sitemap order. */
export const SITE_PAGES: readonly SitePage[] = [
  page(PATHS.home, homeMeta),
  page(PATHS.blog, blogIndexMeta),
  ...BLOG_POSTS.map((post) => page(blogPostPath(post), blogPostMeta(post))),
  page(PATHS.refund, refundMeta),
  page(PATHS.privacy, privacyMeta),
  page(PATHS.terms, termsMeta),
  page(PATHS.imprint, imprintMeta),
  page(PATHS.login, loginMeta),
  page(PATHS.account, accountMeta),
  page(PATHS.start, startMeta),
  page(PATHS.profile, profileMeta),
  page(PATHS.matches, matchesMeta),
];

/** The host serves `404.html` for any unknown address; any unmatched path renders it. */
export const NOT_FOUND_PAGE: SitePage = {
  path: PATHS.notFound,
  file: NOT_FOUND_FILE,
  meta: notFoundMeta,
};
