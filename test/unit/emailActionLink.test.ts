import { describe, expect, it } from 'vitest';
import {
  continuePathOf,
  isAppliedEmailAction,
  parseEmailActionLink,
} from '../../src/ui/login/emailActionLink';

const origin = 'http://127.0.0.1:5173';
const parse = (query: string) => parseEmailActionLink(new URLSearchParams(query));

describe('parseEmailActionLink', () => {
  it('reads the mode, code, continue URL and language of an e-mailed link', () => {
    expect(
      parse(
        `mode=verifyEmail&oobCode=abc-123&apiKey=key&continueUrl=${encodeURIComponent(`${origin}/account`)}&lang=fr`,
      ),
    ).toEqual({
      mode: 'verifyEmail',
      oobCode: 'abc-123',
      continueUrl: `${origin}/account`,
      lang: 'fr',
    });
  });

  it.each(['resetPassword', 'signIn', 'verifyEmail', 'verifyAndChangeEmail', 'recoverEmail'])(
    'knows the mode %s',
    (mode) => {
      expect(parse(`mode=${mode}&oobCode=x`)?.mode).toBe(mode);
    },
  );

  it.each([
    '',
    'next=%2Fblog',
    'mode=',
    'mode=revertSecondFactorAddition&oobCode=x',
    'mode=SIGNIN',
  ])('sees no action in %j', (query) => {
    expect(parse(query)).toBeNull();
  });

  it('takes a missing or empty code (a link cut short) as no code', () => {
    expect(parse('mode=signIn')).toEqual({
      mode: 'signIn',
      oobCode: null,
      continueUrl: null,
      lang: null,
    });
    expect(parse('mode=signIn&oobCode=&continueUrl=&lang=')?.oobCode).toBeNull();
  });
});

describe('isAppliedEmailAction', () => {
  it('is true only for the actions applied with their code alone', () => {
    expect(isAppliedEmailAction('verifyEmail')).toBe(true);
    expect(isAppliedEmailAction('verifyAndChangeEmail')).toBe(true);
    expect(isAppliedEmailAction('recoverEmail')).toBe(true);
    expect(isAppliedEmailAction('signIn')).toBe(false);
    expect(isAppliedEmailAction('resetPassword')).toBe(false);
  });
});

describe('continuePathOf', () => {
  it('is null without a continue URL', () => {
    expect(continuePathOf(null, origin)).toBeNull();
  });

  it.each([
    [`${origin}/account`, '/account'],
    [`${origin}/blog/post?ref=mail#top`, '/blog/post?ref=mail#top'],
    ['/profile', '/profile'],
  ])('keeps a path on this site: %j', (continueUrl, expected) => {
    expect(continuePathOf(continueUrl, origin)).toBe(expected);
  });

  it.each([
    'https://evil.example/account',
    `${origin}.evil.example/account`,
    `${origin}@evil.example/account`,
    `${origin}//evil.example/account`,
    'http://127.0.0.1:4173/account',
    `${origin}/login`,
    'javascript:alert(1)',
    '//evil.example',
  ])('falls back to /account for %j (safeNextPath decides)', (continueUrl) => {
    expect(continuePathOf(continueUrl, origin)).toBe('/account');
  });
});
