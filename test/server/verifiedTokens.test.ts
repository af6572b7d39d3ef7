import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '../../server/auth/verifiedTokens';
import type { VerifiedIdentity } from '../../server/auth/verifyIdentity';

const identity = (uid: string, expiresAt: number): VerifiedIdentity => ({
  uid,
  isAnonymous: false,
  authTime: 0,
  expiresAt,
});

describe('the verified-token cache', () => {
  it('finds a verified token until it expires, and never another token', () => {
    const tokens = new VerifiedTokens();
    tokens.remember('token-a', identity('a', 1000));
    expect(tokens.find('token-a', 999)?.uid).toBe('a');
    expect(tokens.find('token-b', 999)).toBeNull();
    expect(tokens.find('token-a', 1000)).toBeNull();
    expect(tokens.find('token-a', 10)).toBeNull();
  });

  it('forgets the oldest token beyond its capacity', () => {
    const tokens = new VerifiedTokens(2);
    tokens.remember('one', identity('1', 1000));
    tokens.remember('two', identity('2', 1000));
    tokens.remember('three', identity('3', 1000));
    expect([
      tokens.find('one', 0),
      tokens.find('two', 0)?.uid,
      tokens.find('three', 0)?.uid,
    ]).toEqual([null, '2', '3']);
  });
});
