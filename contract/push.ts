import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * Web Push: a browser's push subscription stored per device, so alerts reach it with every page
 * closed. Pro: each new alert at once; Free: the daily digest as one notification.
 */

/** Devices one user may turn notifications on for; one more is refused with `push-device-limit`. */
export const PUSH_DEVICES_LIMIT = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 1_000;
export const PUSH_LABEL_MAX_LENGTH = 100;

/** `GET /v1/push/key`, no token needed: the VAPID public key (base64url) to subscribe with. */
export const pushKeyResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['publicKey'],
  properties: { publicKey: { type: 'string' } },
} as const satisfies JSONSchema;
export type PushKeyResponse = FromSchema<typeof pushKeyResponseSchema>;

const BASE64URL = '^[A-Za-z0-9_-]+={0,2}$';

/**
 * `POST /v1/push/devices`: a browser's `PushSubscription.toJSON()` and a name for the device
 * (e.g. "Chrome on Android"). Subscribing the same endpoint again updates it. The server checks
 * further what a schema cannot: the endpoint's host and the keys' decoded lengths.
 */
export const pushSubscribeRequestSchema = {
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
} as const satisfies JSONSchema;
export type PushSubscribeRequest = FromSchema<typeof pushSubscribeRequestSchema>;

/** The device in `DELETE /v1/push/devices/{id}`: an endpoint's SHA-256 in hex. */
export const pushDeviceParamsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
} as const satisfies JSONSchema;
export type PushDeviceParams = FromSchema<typeof pushDeviceParamsSchema>;

/** A device notifications are on for. `id` is the SHA-256 (hex) of its endpoint. */
export const pushDeviceSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'label', 'createdAt', 'lastPushedAt'],
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    createdAt: { type: 'string', description: 'ISO 8601.' },
    lastPushedAt: {
      type: ['string', 'null'],
      description: 'When a notification last reached its push service (null: none yet).',
    },
  },
} as const satisfies JSONSchema;
export type PushDevice = FromSchema<typeof pushDeviceSchema>;

/**
 * `GET /v1/push/devices`, and the answer of `POST /v1/push/devices` and
 * `DELETE /v1/push/devices/{id}` (turning one off; an unknown id changes nothing).
 */
export const pushDevicesResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['devices', 'limit'],
  properties: {
    devices: { type: 'array', items: pushDeviceSchema },
    limit: { type: 'integer' },
  },
} as const satisfies JSONSchema;
export type PushDevicesResponse = FromSchema<typeof pushDevicesResponseSchema>;

/**
 * What a push message carries (JSON, encrypted for the device): what the notification shows and
 * the page it opens, nothing more.
 */
export interface PushPayload {
  title: string;
  body: string;
  /** The match on the matches page (`/matches#match-<jobId>`), or the matches page. */
  url: string;
  /** Notifications with the same tag replace each other. */
  tag: string;
}
