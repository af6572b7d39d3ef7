import { continueLinkFor } from '../../machines/session/continueLink';
import { PATHS } from '../../paths';

const DEFAULT_DESTINATION = PATHS.account;

/** One leading "/", then anything but a second "/" or a backslash; no spaces or control characters. */
const SITE_PATH = /^\/(?![/\\])[^\\\s]*$/;

/**
 * Where to go after signing in: the `?next=` path when it is a path on this site (and is not the
 * login page itself), else the account page. Never a URL with a scheme, never another origin.
 */
export function safeNextPath(next: string | null, origin: string): string {
  if (!next || !SITE_PATH.test(next)) return DEFAULT_DESTINATION;
  try {
    const url = new URL(continueLinkFor(next, origin));
    return url.pathname === PATHS.login
      ? DEFAULT_DESTINATION
      : `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_DESTINATION;
  }
}
