import type { PasswordCheck } from '../../machines/session/passwordPolicy';
import type { PasswordPolicy } from '../../machines/session/sessionTypes';

/** RFC 5321's limit on a forward path, which every mail system enforces. */
export const EMAIL_MAX_LENGTH = 254;
/** For passwords when the provider's policy names no maximum (Identity Platform's own ceiling). */
export const PASSWORD_MAX_LENGTH = 4096;

export function maxPasswordLength(policy: PasswordPolicy): number {
  return Math.min(policy.maxLength ?? PASSWORD_MAX_LENGTH, PASSWORD_MAX_LENGTH);
}

/**
 * Deliberately loose: the provider is the judge; this only catches obvious typos before a round
 * trip. One "@", something before it, and a dot inside the domain; no white space. Written without
 * a regular expression, so its time is linear in the (already length-limited) input.
 */
function looksLikeEmail(email: string): boolean {
  const at = email.indexOf('@');
  if (at <= 0 || email.includes('@', at + 1) || /\s/.test(email)) return false;
  const domain = email.slice(at + 1);
  return domain.slice(1, -1).includes('.');
}

export function emailProblem(email: string): string | null {
  // The length first: nothing else may look at an arbitrarily long value.
  if (email.length > EMAIL_MAX_LENGTH * 2) return emailTooLong();
  const trimmed = email.trim();
  if (trimmed === '') return 'Enter your email address.';
  if (trimmed.length > EMAIL_MAX_LENGTH) return emailTooLong();
  if (!looksLikeEmail(trimmed)) return 'Enter a valid email address, like name@example.com.';
  return null;
}

function emailTooLong(): string {
  return `Enter an email address of at most ${EMAIL_MAX_LENGTH} characters.`;
}

export function currentPasswordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Passwords are at most ${PASSWORD_MAX_LENGTH} characters.`;
  return password === '' ? 'Enter your password.' : null;
}

export function newPasswordProblem(
  password: string,
  check: PasswordCheck,
  policy: PasswordPolicy,
): string | null {
  const maximum = maxPasswordLength(policy);
  if (password.length > maximum) return `Choose a password of at most ${maximum} characters.`;
  if (password === '') return 'Choose a password.';
  return check.valid ? null : 'Choose a password that meets every requirement listed.';
}

/** Provider error codes that say what is wrong with a field, so that field is marked invalid. */
const EMAIL_ERROR_CODES = new Set([
  'invalid-email',
  'user-not-found',
  'email-already-in-use',
  'invalid-credential',
]);
const PASSWORD_ERROR_CODES = new Set([
  'wrong-password',
  'invalid-credential',
  'missing-password',
  'weak-password',
  'password-does-not-meet-requirements',
]);

export function isEmailError(code: string | undefined): boolean {
  return code !== undefined && EMAIL_ERROR_CODES.has(code);
}

export function isPasswordError(code: string | undefined): boolean {
  return code !== undefined && PASSWORD_ERROR_CODES.has(code);
}
