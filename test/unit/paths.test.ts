import { describe, expect, it } from 'vitest';
import { blogPostPath, loginPath, PATHS, PRICING_PATH, routeSegment } from '../../src/paths';

describe('the site paths', () => {
  // Addresses are public: bookmarks, search results, the e-mailed reset link.
  it('keep the public addresses', () => {
    expect(PATHS).toEqual({
      home: '/',
      login: '/login',
      account: '/account',
      profile: '/profile',
      start: '/start',
      matches: '/matches',
      blog: '/blog',
      privacy: '/privacy',
      terms: '/terms',
      refund: '/refund',
      imprint: '/imprint',
      notFound: '/404',
    });
    expect(PRICING_PATH).toBe('/#pricing');
    expect(blogPostPath('apply-early')).toBe('/blog/apply-early');
  });

  it('build a login link that carries where to go next, encoded', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath({ next: '/account' })).toBe('/login?next=%2Faccount');
    expect(loginPath({ next: '/blog?page=2#top' })).toBe('/login?next=%2Fblog%3Fpage%3D2%23top');
  });

  it('write child routes without the leading slash', () => {
    expect(routeSegment('/blog/:slug')).toBe('blog/:slug');
    expect(routeSegment(PATHS.home)).toBe('');
  });
});
