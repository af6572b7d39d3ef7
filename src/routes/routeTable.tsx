import type { RouteObject } from 'react-router-dom';
import { BLOG_POST_PATTERN, PATHS, routeSegment } from '../paths';
import { Layout } from '../ui/shell/Layout';
import { lazyRoute } from './lazyRoute';
import { RouteBoundary } from './RouteBoundary';

/**
 * Paths are case-sensitive, as on the host: `/LOGIN` has no file there and is served as the
 * not-found page, so the browser must render that page too (else hydration fails).
 */
export const routes: RouteObject[] = [
  {
    id: 'layout',
    Component: Layout,
    children: [
      {
        // Errors (such as a chunk that no longer exists after a deploy) show inside the layout.
        id: 'pages',
        Component: RouteBoundary,
        children: [
          {
            index: true,
            ...lazyRoute(
              'HomeRoute',
              () => import('./HomeRoute'),
              (m) => m.HomeRoute,
            ),
          },
          {
            path: routeSegment(PATHS.blog),
            caseSensitive: true,
            ...lazyRoute(
              'BlogIndexRoute',
              () => import('./BlogIndexRoute'),
              (m) => m.BlogIndexRoute,
            ),
          },
          {
            path: routeSegment(BLOG_POST_PATTERN),
            caseSensitive: true,
            ...lazyRoute(
              'BlogPostRoute',
              () => import('./BlogPostRoute'),
              (m) => m.BlogPostRoute,
            ),
          },
          {
            path: routeSegment(PATHS.login),
            caseSensitive: true,
            ...lazyRoute(
              'LoginRoute',
              () => import('./LoginRoute'),
              (m) => m.LoginRoute,
            ),
          },
          {
            path: routeSegment(PATHS.account),
            caseSensitive: true,
            ...lazyRoute(
              'AccountRoute',
              () => import('./AccountRoute'),
              (m) => m.AccountRoute,
            ),
          },
          {
            path: routeSegment(PATHS.start),
            caseSensitive: true,
            ...lazyRoute(
              'StartRoute',
              () => import('./StartRoute'),
              (m) => m.StartRoute,
            ),
          },
          {
            path: routeSegment(PATHS.profile),
            caseSensitive: true,
            ...lazyRoute(
              'ProfileRoute',
              () => import('./ProfileRoute'),
              (m) => m.ProfileRoute,
            ),
          },
          {
            path: routeSegment(PATHS.matches),
            caseSensitive: true,
            ...lazyRoute(
              'MatchesRoute',
              () => import('./MatchesRoute'),
              (m) => m.MatchesRoute,
            ),
          },
          {
            path: routeSegment(PATHS.refund),
            caseSensitive: true,
            ...lazyRoute(
              'RefundRoute',
              () => import('./RefundRoute'),
              (m) => m.RefundRoute,
            ),
          },
          {
            path: routeSegment(PATHS.privacy),
            caseSensitive: true,
            ...lazyRoute(
              'PrivacyRoute',
              () => import('./PrivacyRoute'),
              (m) => m.PrivacyRoute,
            ),
          },
          {
            path: routeSegment(PATHS.terms),
            caseSensitive: true,
            ...lazyRoute(
              'TermsRoute',
              () => import('./TermsRoute'),
              (m) => m.TermsRoute,
            ),
          },
          {
            path: routeSegment(PATHS.imprint),
            caseSensitive: true,
            ...lazyRoute(
              'ImprintRoute',
              () => import('./ImprintRoute'),
              (m) => m.ImprintRoute,
            ),
          },
          {
            path: '*',
            ...lazyRoute(
              'NotFoundRoute',
              () => import('./NotFoundRoute'),
              (m) => m.NotFoundPage,
            ),
          },
        ],
      },
    ],
  },
];
