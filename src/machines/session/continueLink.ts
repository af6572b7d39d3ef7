import { SessionFailure } from './sessionFailure';

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Parsers disagree about these: a browser reads `\` as `/` and drops tabs and newlines, so a link
 * containing them could name one origin here and another elsewhere.
 */
function hasAmbiguousCharacters(link: string): boolean {
  return [...link].some(
    (character) => character === '\\' || character <= '\u001f' || character === '\u007f',
  );
}

function parse(url: string, base?: string): URL | null {
  try {
    return new URL(url, base);
  } catch {
    return null;
  }
}

function originOf(url: string): string | null {
  const origin = parse(url)?.origin;
  return origin === undefined || origin === 'null' ? null : origin;
}

function resolveOnOrigin(link: string, ownOrigin: string): URL | null {
  if (hasAmbiguousCharacters(link) || link.startsWith('//')) return null;
  // A link with a scheme stands alone: `https:evil.example` is https://evil.example/, never a path.
  const resolved = parse(link, HAS_SCHEME.test(link) ? undefined : `${ownOrigin}/`);
  const staysOnOrigin =
    resolved !== null &&
    resolved.origin === ownOrigin &&
    // `blob:https://app.example/uuid` has our origin too, but it is no page of ours.
    `${resolved.protocol}//${resolved.host}` === ownOrigin &&
    resolved.username === '' &&
    resolved.password === '' &&
    // `https://app.example//evil.example` is ours, but a router reading its path sees `//evil.example`.
    !resolved.pathname.startsWith('//');
  return staysOnOrigin ? resolved : null;
}

/**
 * The absolute URL of a password-reset continue link. `path` may be relative (resolved against
 * `origin`) or absolute, but must stay on `origin`, so a `?next=` taken from the address bar can't
 * send people to another site.
 */
export function continueLinkFor(path: string, origin: string): string {
  const link = path.trim();
  if (link === '') throw new SessionFailure('missing-continue-uri');
  const ownOrigin = originOf(origin);
  const resolved = ownOrigin === null ? null : resolveOnOrigin(link, ownOrigin);
  if (resolved === null) throw new SessionFailure('unauthorized-continue-uri');
  return resolved.href;
}
