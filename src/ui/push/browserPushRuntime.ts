/**
 * Turning notifications on and off for this device: loaded with a dynamic import after a click
 * (or by the account page's device list), so neither Firebase nor this code is in a first load.
 * The service worker never sees a token: the page subscribes and tells the backend.
 */
import type { PushDevicesResponse, PushKeyResponse, PushSubscribeRequest } from '../../../contract';
import { config } from '../../config';
import { failureFromAnswer, failureFromThrown } from '../../machines/backend/backendErrors';
import { REQUEST_TIME_LIMIT_MS } from '../../machines/backend/requestLimits';
import { createIdTokenSource } from '../../machines/session/firebase/browserAuth';

/** Why this device cannot get notifications: no support, or the person (or browser) said no. */
export class PushUnavailable extends Error {
  constructor(readonly reason: 'unsupported' | 'denied' | 'development') {
    super(reason);
    this.name = 'PushUnavailable';
  }
}

/** The worker registers after the page loads; one that is not there by then will not come. */
const WORKER_TIME_LIMIT_MS = 10_000;

const idToken = createIdTokenSource(config);

async function request<T>(method: 'GET' | 'POST' | 'DELETE', path: string, json?: unknown) {
  try {
    const headers: Record<string, string> = { Authorization: `Bearer ${await idToken()}` };
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${config.backendUrl}${path}`, {
      method,
      headers,
      ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      signal: AbortSignal.timeout(REQUEST_TIME_LIMIT_MS),
    });
    if (!response.ok) throw await failureFromAnswer(response);
    return (await response.json()) as T;
  } catch (error) {
    throw failureFromThrown(error);
  }
}

function supported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new PushUnavailable('unsupported')), WORKER_TIME_LIMIT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** "Chrome on Android": enough to tell one's devices apart in the list. */
export function deviceLabel(userAgent: string): string {
  const browser =
    [
      ['Edge', /Edg\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /Chrome\//],
      ['Safari', /Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'A browser';
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X/],
      ['Linux', /Linux/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? 'this device';
  return `${browser as string} on ${system as string}`;
}

/** Asks for permission (after the person's click), subscribes, and stores the device. */
export async function turnOnThisDevice(): Promise<PushDevicesResponse> {
  // The service worker is registered by the built app only (registerServiceWorker).
  if (!import.meta.env.PROD) throw new PushUnavailable('development');
  if (!supported()) throw new PushUnavailable('unsupported');
  if ((await Notification.requestPermission()) !== 'granted') throw new PushUnavailable('denied');
  const [{ publicKey }, registration] = await Promise.all([
    request<PushKeyResponse>('GET', '/v1/push/key'),
    workerRegistration(),
  ]);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  const { endpoint, keys } = subscription.toJSON();
  const body: PushSubscribeRequest = {
    endpoint: endpoint ?? '',
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    label: deviceLabel(navigator.userAgent),
  };
  return request<PushDevicesResponse>('POST', '/v1/push/devices', body);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** This device's id as the backend names it (the SHA-256 of its endpoint), or null: not on. */
export async function thisDeviceId(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (subscription === null) return null;
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(subscription.endpoint),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export const listDevices = () => request<PushDevicesResponse>('GET', '/v1/push/devices');

/** Turns a device off; this device's own subscription ends too. */
export async function turnOffDevice(id: string): Promise<PushDevicesResponse> {
  const answer = await request<PushDevicesResponse>('DELETE', `/v1/push/devices/${id}`);
  if ((await thisDeviceId()) === id) await (await currentSubscription())?.unsubscribe();
  return answer;
}
