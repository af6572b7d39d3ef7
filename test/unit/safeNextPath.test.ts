import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../../src/ui/login/safeNextPath';

const origin = 'http://127.0.0.1:4173';

describe('safeNextPath', () => {
  it.each([
    ['/account', '/account'],
    ['/blog/tailor-your-cv-for-ats?ref=login#top', '/blog/tailor-your-cv-for-ats?ref=login#top'],
    ['/', '/'],
  ])('keeps the path %j', (next, expected) => {
    expect(safeNextPath(next, origin)).toBe(expected);
  });

  it.each([
    null,
    '',
    '/login',
    '/login?next=%2Faccount',
    `blob:${origin}/0b8d6c2e-6f57-4c1e-9d55-1b2f0e8c9a41`,
    `${origin}/blog`,
    'http://evil.example/blog',
    '//evil.example/account',
    '/\\evil.example',
    '\\\\evil.example',
    'blog',
    '?next=/blog',
    'javascript:alert(1)',
    'data:text/html,hi',
    ' /blog',
    '/blog\\..\\login',
    '/\t/evil.example',
  ])(
    'falls back to /account for %j (only a path starting with one "/" is a destination)',
    (next) => {
      expect(safeNextPath(next, origin)).toBe('/account');
    },
  );
});
