/**
 * Every address on the site, named once. The bottom layer (like `config.ts`): it imports nothing
 * from the app, and routes, ui, meta, machines, scripts and tests all take their paths from here.
 */
export const PATHS = {
  home: '/',
  login: '/login',
  account: '/account',
  profile: '/profile',
  /** Where "Start free" leads: a CV (or a role and a few skills), then matches. */
  start: '/start',
  matches: '/matches',
  blog: '/blog',
  privacy: '/privacy',
  terms: '/terms',
  refund: '/refund',
  imprint: '/imprint',
  /** The not-found page's key in the prerender; any unmatched address renders it. */
  notFound: '/404',
} as const;

export type SitePath = (typeof PATHS)[keyof typeof PATHS];

/** The id of the home page's pricing section, and the link to it. */
export const PRICING_ANCHOR = 'pricing';
export const PRICING_PATH = `${PATHS.home}#${PRICING_ANCHOR}`;
export const ACCOUNT_PLAN_ANCHOR = 'plan';
export const ACCOUNT_PLAN_PATH = `${PATHS.account}#${ACCOUNT_PLAN_ANCHOR}`;

/**
 * Where "Get Pro" sends a guest once signed in (the login page's `next`): the pricing section,
 * whose `?checkout=pro` carries on to the payment provider's checkout for the new account.
 */
export const CHECKOUT_PARAM = 'checkout';
export const CHECKOUT_INTENT_PATH = `${PATHS.home}?${CHECKOUT_PARAM}=pro#${PRICING_ANCHOR}`;

/** The service worker's page for an address it has no copy of while offline (public/, not prerendered). */
export const OFFLINE_PAGE_PATH = '/offline.html';

/** The file Firebase Hosting serves for an unknown address (its default), and its own address. */
export const NOT_FOUND_FILE = '404.html';
export const NOT_FOUND_FILE_PATH = `/${NOT_FOUND_FILE}`;

/** The router's pattern for a blog post; `blogPostPath` fills it in. */
export const BLOG_POST_PATTERN = `${PATHS.blog}/:slug`;

export function blogPostPath(slug: string): string {
  return `${PATHS.blog}/${slug}`;
}

/** The login page; with `next`, it sends a signed-in user there (same site only) afterwards. */
export function loginPath({ next }: { next?: string } = {}): string {
  return next === undefined ? PATHS.login : `${PATHS.login}?next=${encodeURIComponent(next)}`;
}

/** A path as a child route of the layout writes it: `/blog/:slug` -> `blog/:slug`. */
export function routeSegment(path: string): string {
  return path.replace(/^\//, '');
}
