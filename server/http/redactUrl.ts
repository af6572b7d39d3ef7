/**
 * Query parameters whose value may be a secret, compared in lower case without `_`, `-`, `.` or
 * percent escapes (`id_token`, `idToken` and `id%5Ftoken` alike). Any name holding "token",
 * "password" or "secret" is one too.
 */
const SECRET_NAMES = new Set([
  'auth',
  'authorization',
  'code',
  'key',
  'apikey',
  'oobcode',
  'otp',
  'pass',
  'passwd',
  'pwd',
  'credential',
  'credentials',
  'session',
  'sessionid',
  'sig',
  'signature',
  'jwt',
]);
const SECRET_PARTS = ['token', 'password', 'secret'];

function isSecretName(name: string): boolean {
  const bare = name.replace(/%[0-9a-f]{2}|[-_.]/gi, '').toLowerCase();
  return SECRET_NAMES.has(bare) || SECRET_PARTS.some((part) => bare.includes(part));
}

/** A request URL fit for the logs: the value of every secret-like query parameter replaced. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const hashAt = url.indexOf('#', queryAt);
  const end = hashAt === -1 ? url.length : hashAt;
  const query = url
    .slice(queryAt + 1, end)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      const name = equalsAt === -1 ? pair : pair.slice(0, equalsAt);
      return equalsAt !== -1 && isSecretName(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  // A fragment is never sent by a browser; one that arrives is dropped rather than read.
  return `${url.slice(0, queryAt)}?${query}`;
}
