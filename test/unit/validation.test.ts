import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/session/passwordPolicy';
import type { PasswordPolicy } from '../../src/machines/session/sessionTypes';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  currentPasswordProblem,
  emailProblem,
  maxPasswordLength,
  newPasswordProblem,
} from '../../src/ui/forms/validation';
import { checkPassword } from '../../src/machines/session/passwordPolicy';

const EMAIL_TOO_LONG = `Enter an email address of at most ${EMAIL_MAX_LENGTH} characters.`;
const INVALID_EMAIL = 'Enter a valid email address, like name@example.com.';

/** `a@` + `.a` repeated + `@`: made the old pattern backtrack (1 s at 40 KB). */
function backtrackingEmail(repeats: number): string {
  return `a@${'.a'.repeat(repeats)}@`;
}

function addressOfLength(length: number): string {
  const domain = '@example.com';
  return `${'a'.repeat(length - domain.length)}${domain}`;
}

describe('emailProblem', () => {
  it.each([
    ['ada@example.com'],
    ['  ada@example.com  '],
    ['first.last+tag@sub.example.co.uk'],
    [addressOfLength(EMAIL_MAX_LENGTH)],
  ])('accepts %j', (email) => {
    expect(emailProblem(email)).toBeNull();
  });

  it.each([
    ['ada'],
    ['ada@'],
    ['@example.com'],
    ['ada@example'],
    ['ada@.com'],
    ['ada@example.'],
    ['ada@@example.com'],
    ['a@b@example.com'],
    ['ada lovelace@example.com'],
    ['ada@exa mple.com'],
    [backtrackingEmail(20)],
  ])('refuses the shape of %j', (email) => {
    expect(emailProblem(email)).toBe(INVALID_EMAIL);
  });

  it('asks for an address when there is none', () => {
    expect(emailProblem('   ')).toBe('Enter your email address.');
  });

  it('refuses an address longer than 254 characters before looking at its shape', () => {
    expect(emailProblem(addressOfLength(EMAIL_MAX_LENGTH + 1))).toBe(EMAIL_TOO_LONG);
    expect(emailProblem(addressOfLength(5_000))).toBe(EMAIL_TOO_LONG);
    expect(emailProblem(backtrackingEmail(200))).toBe(EMAIL_TOO_LONG);
  });

  it('answers hostile input of hundreds of kilobytes (the old pattern froze the tab on it)', () => {
    expect(emailProblem(backtrackingEmail(160_000))).toBe(EMAIL_TOO_LONG);
    expect(emailProblem(`${'a'.repeat(2 * 1024 * 1024)}@example.com`)).toBe(EMAIL_TOO_LONG);
  });
});

describe('password limits', () => {
  const capped: PasswordPolicy = { ...DEFAULT_PASSWORD_POLICY, maxLength: 30, source: 'provider' };

  it("takes the maximum from the provider's policy, else a cap of 4096", () => {
    expect(maxPasswordLength(capped)).toBe(30);
    expect(maxPasswordLength(DEFAULT_PASSWORD_POLICY)).toBe(PASSWORD_MAX_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(4096);
  });

  it('refuses a current password longer than the cap', () => {
    expect(currentPasswordProblem('x'.repeat(PASSWORD_MAX_LENGTH))).toBeNull();
    expect(currentPasswordProblem('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe(
      `Passwords are at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
    expect(currentPasswordProblem('x'.repeat(320 * 1024))).toBe(
      `Passwords are at most ${PASSWORD_MAX_LENGTH} characters.`,
    );
  });

  it('refuses a new password longer than the cap even when the policy names no maximum', () => {
    const long = 'x'.repeat(PASSWORD_MAX_LENGTH + 1);
    expect(
      newPasswordProblem(
        long,
        checkPassword(DEFAULT_PASSWORD_POLICY, long),
        DEFAULT_PASSWORD_POLICY,
      ),
    ).toBe(`Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`);
    const overPolicy = 'x'.repeat(31);
    expect(newPasswordProblem(overPolicy, checkPassword(capped, overPolicy), capped)).toBe(
      'Choose a password of at most 30 characters.',
    );
  });
});
