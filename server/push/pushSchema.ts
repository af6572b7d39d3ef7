import {
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_LABEL_MAX_LENGTH,
  type PushSubscribeRequest,
} from '../../contract';

const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$';

/** `POST /v1/push/devices` (PushSubscribeRequest); keys and endpoint are checked further below. */
export const pushSubscribeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['endpoint', 'keys', 'label'],
  properties: {
    endpoint: { type: 'string', maxLength: PUSH_ENDPOINT_MAX_LENGTH },
    keys: {
      type: 'object',
      additionalProperties: false,
      required: ['p256dh', 'auth'],
      properties: {
        p256dh: { type: 'string', maxLength: 100, pattern: BASE64URL },
        auth: { type: 'string', maxLength: 50, pattern: BASE64URL },
      },
    },
    label: { type: 'string', minLength: 1, maxLength: PUSH_LABEL_MAX_LENGTH },
  },
} as const;

/** The device in `DELETE /v1/push/devices/{id}`: an endpoint's SHA-256 in hex. */
export const pushDeviceParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
} as const;

export const pushKeyResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['publicKey'],
  properties: { publicKey: { type: 'string' } },
} as const;

export const pushDevicesResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['devices', 'limit'],
  properties: {
    limit: { type: 'integer' },
    devices: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'label', 'createdAt', 'lastPushedAt'],
        properties: {
          id: { type: 'string' },
          label: { type: 'string' },
          createdAt: { type: 'string' },
          lastPushedAt: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;

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
