import type { PushSubscribeRequest } from '../../contract';

/**
 * The push services browsers subscribe with (Chrome, Firefox, Edge, Safari). The backend posts to
 * a subscription's endpoint, so any other host is refused: it would be a request the backend makes
 * for whoever subscribed.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether the subscription is one a push service made: an https endpoint at a known push service
 * (with `allowLoopback`, a development backend, also the local stand-in's http://127.0.0.1), a
 * P-256 public key (65 bytes, uncompressed) and a 16-byte auth secret.
 */
export function isUsableSubscription(request: PushSubscribeRequest, allowLoopback: boolean) {
  let url: URL;
  try {
    url = new URL(request.endpoint);
  } catch {
    return false;
  }
  const { hostname } = url;
  const knownService =
    url.protocol === 'https:' &&
    PUSH_SERVICE_HOSTS.some((host) =>
      host.startsWith('.') ? hostname.endsWith(host) : hostname === host,
    );
  const loopback = allowLoopback && LOOPBACK_HOSTS.has(hostname) && /^https?:$/.test(url.protocol);
  if (!knownService && !loopback) return false;
  const key = Buffer.from(request.keys.p256dh, 'base64url');
  return (
    key.length === 65 && key[0] === 4 && Buffer.from(request.keys.auth, 'base64url').length === 16
  );
}
