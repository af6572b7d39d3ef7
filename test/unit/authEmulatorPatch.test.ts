import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/**
 * The Auth Emulator's sign-up took two clock readings: the new token's `auth_time` from one
 * (`lastLoginAt`) and the user's `validSince` from another. When a second began between them, the
 * Admin SDK's revocation check (`auth_time` before `validSince`) refused every token of the new
 * account, and the backend answered 401 until the person signed in again. `patches/` makes the
 * emulator take one reading; `npm install` applies it (patch-package), and this fails without it.
 */
describe('the Auth Emulator the tests run against', () => {
  it('dates a new account\u2019s first sign-in and its valid-since from one clock reading', () => {
    const operations = readFileSync(
      createRequire(import.meta.url).resolve('firebase-tools/lib/emulator/auth/operations.js'),
      'utf8',
    );
    const start = operations.indexOf('async function signUp(');
    // The function's closing brace is the first at the start of a line.
    const end = operations.indexOf('\n}\n', start);
    expect(start).toBeGreaterThanOrEqual(0);
    const signUp = operations.slice(start, end);
    expect(signUp).toContain('lastLoginAt: timestamp.getTime().toString()');
    expect(signUp).toContain('updates.validSince = (0, utils_1.toUnixTimestamp)(timestamp)');
    expect(signUp).not.toContain('toUnixTimestamp)(new Date())');
  });
});
