import webpush from 'web-push';
import type { PushPayload } from '../../contract';
import type { VapidKeys } from './vapid';

/** Where a device's messages go and the keys to encrypt them for it (a stored subscription). */
export interface PushTarget {
  readonly endpoint: string;
  readonly p256dh: string;
  readonly auth: string;
}

/** `gone`: the push service no longer knows the subscription (404 or 410): remove it. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  readonly send: (target: PushTarget, payload: PushPayload) => Promise<PushOutcome>;
}

/** A push service's refusal other than 404/410: its status only (the endpoint is a capability). */
export class PushRefused extends Error {
  constructor(readonly status: number) {
    super(`The push service answered ${status}.`);
    this.name = 'PushRefused';
  }
}

/** How long a message is kept by the push service for a device that is offline: a day. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIME_LIMIT_MS = 10_000;

/**
 * Sends push messages: `web-push` encrypts the payload for the device (RFC 8291, aes128gcm) and
 * signs the request with the VAPID key (RFC 8292); the request itself goes out with fetch, which
 * takes the local stand-in's http:// endpoints as well as push services' https:// ones.
 */
export function createPushSender(
  vapid: VapidKeys,
  timeLimitMs: number = SEND_TIME_LIMIT_MS,
): PushSender {
  return {
    async send(target, payload) {
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
      const headers = Object.fromEntries(
        Object.entries(details.headers)
          // fetch sets the length from the body itself.
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: new Uint8Array(details.body),
        signal: AbortSignal.timeout(timeLimitMs),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      if (!response.ok) throw new PushRefused(response.status);
      return 'sent';
    },
  };
}
