/**
 * Web Push: a browser's push subscription stored per device, so alerts reach it with every page
 * closed. Pro: each new alert at once; Free: the daily digest as one notification.
 */

/** Devices one user may turn notifications on for; one more is refused with `push-device-limit`. */
export const PUSH_DEVICES_LIMIT = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 1_000;
export const PUSH_LABEL_MAX_LENGTH = 100;

/** `GET /v1/push/key`, no token needed: the VAPID public key (base64url) to subscribe with. */
export interface PushKeyResponse {
  publicKey: string;
}

/**
 * `POST /v1/push/devices`: a browser's `PushSubscription.toJSON()` and a name for the device
 * (e.g. "Chrome on Android"). Subscribing the same endpoint again updates it.
 */
export interface PushSubscribeRequest {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  label: string;
}

/** A device notifications are on for. `id` is the SHA-256 (hex) of its endpoint. */
export interface PushDevice {
  id: string;
  label: string;
  createdAt: string;
  /** When a notification last reached its push service (null: none yet). */
  lastPushedAt: string | null;
}

/**
 * `GET /v1/push/devices`, and the answer of `POST /v1/push/devices` and
 * `DELETE /v1/push/devices/{id}` (turning one off; an unknown id changes nothing).
 */
export interface PushDevicesResponse {
  devices: PushDevice[];
  limit: number;
}

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
