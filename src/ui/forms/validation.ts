import type { PasswordCheck } from '../../machines/passwordPolicy';

// Deliberately loose: the provider is the judge; this only catches obvious typos before a round trip.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailProblem(email: string): string | null {
  if (email.trim() === '') return 'Enter your email address.';
  if (!EMAIL_SHAPE.test(email.trim())) return 'Enter a valid email address, like name@example.com.';
  return null;
}

export function currentPasswordProblem(password: string): string | null {
  return password === '' ? 'Enter your password.' : null;
}

export function newPasswordProblem(password: string, check: PasswordCheck): string | null {
  if (password === '') return 'Choose a password.';
  return check.valid ? null : 'Choose a password that meets every requirement listed.';
}

/** Provider error codes that say what is wrong with a field, so that field is marked invalid. */
const EMAIL_ERROR_CODES = new Set(['invalid-email', 'user-not-found', 'email-already-in-use', 'invalid-credential']);
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
