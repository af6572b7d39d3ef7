import { EMAIL_ACTIONS, type EmailAction } from '../../machines/session/sessionTypes';
import { safeNextPath } from './safeNextPath';

/** Every e-mailed link lands on `/login`; `mode` says which action it carries. */
export const EMAIL_LINK_MODES = ['resetPassword', 'signIn', ...EMAIL_ACTIONS] as const;
export type EmailLinkMode = (typeof EMAIL_LINK_MODES)[number];

/** The query Firebase puts on an e-mailed action link. */
export interface EmailActionLink {
  mode: EmailLinkMode;
  /** The one-time code; null when the link was cut short (copied only in part). */
  oobCode: string | null;
  /** Where the app asked to go afterwards: an absolute URL, not yet checked. */
  continueUrl: string | null;
  /** The template's language. Read but unused: the app is in English only. */
  lang: string | null;
}

function isEmailLinkMode(mode: string | null): mode is EmailLinkMode {
  return mode !== null && (EMAIL_LINK_MODES as readonly string[]).includes(mode);
}

/** The link's action, or null when the query carries none (the plain login page). */
export function parseEmailActionLink(params: URLSearchParams): EmailActionLink | null {
  const mode = params.get('mode');
  if (!isEmailLinkMode(mode)) return null;
  return {
    mode,
    oobCode: params.get('oobCode') || null,
    continueUrl: params.get('continueUrl') || null,
    lang: params.get('lang') || null,
  };
}

/** The actions applied with their code alone, on a page that shows the outcome. */
export function isAppliedEmailAction(mode: EmailLinkMode): mode is EmailAction {
  return (EMAIL_ACTIONS as readonly string[]).includes(mode);
}

/**
 * The same-site path to offer after the action, or null without a `continueUrl`. Firebase hands
 * back the absolute URL it was given while `safeNextPath` takes paths only, so this site's own
 * origin is dropped first; anything else is passed on as it is, and `safeNextPath` refuses it.
 */
export function continuePathOf(continueUrl: string | null, origin: string): string | null {
  if (continueUrl === null) return null;
  const ownPrefix = `${origin}/`;
  const path = continueUrl.startsWith(ownPrefix) ? continueUrl.slice(origin.length) : continueUrl;
  return safeNextPath(path, origin);
}
