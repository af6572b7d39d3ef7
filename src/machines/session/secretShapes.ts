/**
 * What a secret looks like, so it can be hidden wherever it turns up: a key that names one
 * (`idToken`, `id_token`, `oobCode`, `client_secret`, `mfaPendingCredential`...) and, inside any
 * text, a JWT or a long opaque token. Every check here is linear in the length of its input.
 */

export const REDACTED = '[redacted]';

/** A key containing one of these (case and separators ignored) holds a secret. */
const SECRET_WORDS: readonly string[] = [
  'token',
  'secret',
  'password',
  'passwd',
  'pwd',
  'credential',
  'authorization',
  'cookie',
];

/** ...unless it describes something about such a secret (`passwordPolicy`), not the secret itself. */
const DESCRIBING_ENDINGS: readonly string[] = ['policy', 'requirements', 'length'];

/** `oobCode`, `auth_code`, `verificationCode` are secrets; a bare `code` and these are not. */
const HARMLESS_CODES: ReadonlySet<string> = new Set([
  'code',
  'errorcode',
  'statuscode',
  'httpcode',
  'exitcode',
  'responsecode',
  'countrycode',
  'languagecode',
  'localecode',
  'currencycode',
  'postalcode',
  'zipcode',
]);

/** `oauth_Id-Token` -> `oauthidtoken`. */
function normalisedKey(key: string): string {
  let normalised = '';
  for (const character of key.toLowerCase()) {
    if ((character >= 'a' && character <= 'z') || (character >= '0' && character <= '9')) {
      normalised += character;
    }
  }
  return normalised;
}

export function isSecretKey(key: string): boolean {
  const name = normalisedKey(key);
  if (DESCRIBING_ENDINGS.some((ending) => name.endsWith(ending))) return false;
  if (SECRET_WORDS.some((word) => name.includes(word))) return true;
  return name.endsWith('code') && !HARMLESS_CODES.has(name);
}

/** Runs of base64url characters and dots; a greedy class without alternatives cannot backtrack. */
const TOKEN_RUN = /[A-Za-z0-9_.-]+/g;
const BASE64URL_RUN = /[A-Za-z0-9_-]+/g;
const OPAQUE_MIN_LENGTH = 32;

/** A JWT (or JWE): dot-separated parts whose first is base64url JSON, so it starts with `eyJ`. */
function isJwtShaped(run: string): boolean {
  return run.startsWith('eyJ') && run.split('.').length >= 3;
}

/** Long, and mixes digits or cases as random tokens do (long plain words and hyphenated names do not). */
function isOpaqueToken(run: string): boolean {
  if (run.length < OPAQUE_MIN_LENGTH) return false;
  const hasDigit = /[0-9]/.test(run);
  const hasLower = /[a-z]/.test(run);
  const hasUpper = /[A-Z]/.test(run);
  return hasDigit ? hasLower || hasUpper : hasLower && hasUpper;
}

/** `text` with every JWT-shaped or long opaque token-like part replaced by "[redacted]". */
export function redactSecretText(text: string): string {
  return text.replace(TOKEN_RUN, (run) =>
    isJwtShaped(run)
      ? REDACTED
      : run.replace(BASE64URL_RUN, (part) => (isOpaqueToken(part) ? REDACTED : part)),
  );
}
