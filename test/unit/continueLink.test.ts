import { describe, expect, it } from 'vitest';
import { continueLinkFor } from '../../src/machines/session/continueLink';
import { SessionFailure } from '../../src/machines/session/sessionFailure';

const origin = 'https://app.example';

function failureCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SessionFailure);
    return (error as SessionFailure).code;
  }
  throw new Error('expected continueLinkFor to fail');
}

describe('continueLinkFor', () => {
  it.each([
    ['/', 'https://app.example/'],
    ['/account', 'https://app.example/account'],
    ['/reset?next=%2Faccount#done', 'https://app.example/reset?next=%2Faccount#done'],
    ['account', 'https://app.example/account'],
    ['?from=reset', 'https://app.example/?from=reset'],
    ['  /account  ', 'https://app.example/account'],
    ['https://app.example/account', 'https://app.example/account'],
    ['HTTPS://APP.EXAMPLE:443/account', 'https://app.example/account'],
    ['/a/../account', 'https://app.example/account'],
    ['/search?q=https://evil.example', 'https://app.example/search?q=https://evil.example'],
  ])('%j -> %s', (path, expected) => {
    expect(continueLinkFor(path, origin)).toBe(expected);
  });

  it('resolves against the given origin, port included', () => {
    expect(continueLinkFor('/account', 'http://127.0.0.1:5173')).toBe(
      'http://127.0.0.1:5173/account',
    );
  });

  it('accepts an origin given as a full URL', () => {
    expect(continueLinkFor('/account', 'https://app.example/some/page?x=1')).toBe(
      'https://app.example/account',
    );
  });

  it.each(['', '   ', '\n\t'])('needs a non-empty URL: %j', (path) => {
    expect(failureCode(() => continueLinkFor(path, origin))).toBe('missing-continue-uri');
  });

  it.each([
    'https://evil.example',
    'https://evil.example/account',
    '//evil.example',
    '//evil.example/account',
    '///evil.example',
    'https:evil.example',
    'https:/evil.example',
    'http://app.example/account',
    'https://app.example:8443/account',
    'https://app.example.evil.example/',
    'https://app.example@evil.example/',
    'https://user:pass@app.example/account',
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'mailto:someone@app.example',
    '\\\\evil.example',
    '/\\evil.example',
    '\\/evil.example',
    'https://app.example\\@evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/.//evil.example',
    'http://[::1',
    // Same origin by URL's rules, but not a page: blob: and filesystem-like schemes wrap our origin.
    'blob:https://app.example/0b8d6c2e-6f57-4c1e-9d55-1b2f0e8c9a41',
    'BLOB:https://app.example/account',
  ])('refuses %j', (path) => {
    expect(failureCode(() => continueLinkFor(path, origin))).toBe('unauthorized-continue-uri');
  });

  it.each(['', 'not a url', 'file:///etc/passwd', 'about:blank'])(
    'refuses everything when our origin is %j',
    (badOrigin) => {
      expect(failureCode(() => continueLinkFor('/account', badOrigin))).toBe(
        'unauthorized-continue-uri',
      );
    },
  );
});
