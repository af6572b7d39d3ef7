import { continueLinkFor } from '../../machines/continueLink';
import { PATHS } from '../../paths';

const DEFAULT_DESTINATION = PATHS.account;

/**
 * Where to go after signing in: the `?next=` path when it stays on this site (and is not the
 * login page itself), else the account page. Never an address on another origin.
 */
export function safeNextPath(next: string | null, origin: string): string {
  if (!next) return DEFAULT_DESTINATION;
  try {
    const url = new URL(continueLinkFor(next, origin));
    return url.pathname === PATHS.login ? DEFAULT_DESTINATION : `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_DESTINATION;
  }
}
