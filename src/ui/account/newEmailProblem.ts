import { emailProblem } from '../forms/validation';

/** What is wrong with `newEmail` as the account's next address, or null. */
export function newEmailProblem(newEmail: string, currentEmail: string | null): string | null {
  const problem = emailProblem(newEmail);
  if (problem) return problem;
  // The provider keeps addresses in lower case, so "Ada@Example.com" is the same address.
  if (currentEmail !== null && newEmail.trim().toLowerCase() === currentEmail.toLowerCase()) {
    return 'This is already your email address. Enter a different one.';
  }
  return null;
}
