import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What a token may do: only turning this user's alert e-mails off (and, from the page that says so,
 * on again). The purpose is signed with the uid, so a token made for anything else later never
 * works here, nor one of these there.
 */
const PURPOSE = 'unsubscribe-alert-emails';
const VERSION = 'u1';

function signature(secret: string, uid: string): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${uid}`, 'utf8').digest();
}

/** The unsubscribe token for `uid`: `u1.<uid, base64url>.<HMAC-SHA256, base64url>`. Never expires. */
export function unsubscribeToken(secret: string, uid: string): string {
  const encodedUid = Buffer.from(uid, 'utf8').toString('base64url');
  return `${VERSION}.${encodedUid}.${signature(secret, uid).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Firebase uids are at most 128 characters; a longer token is not one of ours. */
const MAX_TOKEN_LENGTH = 256;

/** The uid a token was signed for, or null when it is malformed or its signature does not match. */
export function uidOfUnsubscribeToken(secret: string, token: string): string | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const [version, encodedUid, encodedSignature, ...rest] = token.split('.');
  if (version !== VERSION || rest.length > 0) return null;
  if (!encodedUid || !encodedSignature) return null;
  if (!BASE64URL.test(encodedUid) || !BASE64URL.test(encodedSignature)) return null;
  const uid = Buffer.from(encodedUid, 'base64url').toString('utf8');
  if (uid === '' || Buffer.from(uid, 'utf8').toString('base64url') !== encodedUid) return null;
  const given = Buffer.from(encodedSignature, 'base64url');
  const expected = signature(secret, uid);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return uid;
}

/** The unsubscribe page (GET shows it, POST unsubscribes; also RFC 8058's one-click POST). */
export const UNSUBSCRIBE_PATH = '/v1/email/unsubscribe';
/** POST turns alert e-mails on again (the unsubscribed page's button), with the same token. */
export const RESUBSCRIBE_PATH = '/v1/email/resubscribe';

/** The link every alert e-mail carries, on this backend's public address. */
export function unsubscribeUrl(publicBackendUrl: string, secret: string, uid: string): string {
  return `${publicBackendUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(secret, uid)}`;
}
