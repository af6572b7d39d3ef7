import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push message as the stand-in took it: still encrypted for the device. */
export interface PushedMessage {
  readonly subscription: string;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  /** `Date.now()` when it arrived. */
  readonly receivedAt: number;
}

export interface PushStandIn {
  /** e.g. `http://127.0.0.1:4020` */
  readonly url: string;
  /** A new subscription's endpoint (`<url>/push/<id>`), or that of the given id. */
  readonly endpoint: (id?: string) => string;
  /** The messages for one subscription (all without an id), oldest first. */
  readonly messages: (id?: string) => readonly PushedMessage[];
  /** The next message for `id` after those there are now, or an error after `ms`. */
  readonly next: (id: string, ms: number) => Promise<PushedMessage>;
  /** From now on, messages to `id` are answered 410 Gone, as a push service does for an expired one. */
  readonly markGone: (id: string) => void;
  readonly close: () => Promise<void>;
}

/** Push services take at most 4 KiB of payload; a little more for the record header. */
const BODY_LIMIT = 8 * 1024;
const PUSH_PATH = /^\/push\/([A-Za-z0-9_-]{1,64})$/;

async function bodyOf(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > BODY_LIMIT) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
  );
}

/**
 * A local stand-in for a push service (FCM, Mozilla's autopush): it takes the backend's Web Push
 * POSTs on 127.0.0.1, keeps them (encrypted, as a push service would), and answers 201, or 410
 * for a subscription marked gone. `GET /` lists what arrived, `GET /push/<id>` one subscription's
 * (bodies in base64url), `POST /subscriptions` makes an endpoint; so the whole loop runs offline.
 */
export async function startPushStandIn({ port = 0 } = {}): Promise<PushStandIn> {
  const received: PushedMessage[] = [];
  const gone = new Set<string>();
  const waiters = new Set<(message: PushedMessage) => void>();
  let url = '';

  const listing = (id?: string) =>
    received
      .filter((message) => id === undefined || message.subscription === id)
      .map((message) => ({ ...message, body: message.body.toString('base64url') }));

  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', url).pathname;
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const pushId = PUSH_PATH.exec(path)?.[1];
    if (request.method === 'GET' && path === '/') return json(200, listing());
    if (request.method === 'POST' && path === '/subscriptions') {
      return json(201, { endpoint: `${url}/push/${randomUUID()}` });
    }
    if (pushId === undefined) return json(404, { error: 'not found' });
    if (request.method === 'GET') return json(200, listing(pushId));
    if (request.method !== 'POST') return json(405, { error: 'method not allowed' });
    const body = await bodyOf(request);
    if (body === null) return json(413, { error: 'payload too large' });
    if (gone.has(pushId)) return json(410, { error: 'subscription gone' });
    const message = {
      subscription: pushId,
      headers: headersOf(request),
      body,
      receivedAt: Date.now(),
    };
    received.push(message);
    for (const waiter of waiters) waiter(message);
    response.writeHead(201, { location: `${url}/messages/${received.length}` });
    response.end();
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      console.error('push stand-in: answering failed', error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    endpoint: (id = randomUUID()) => `${url}/push/${id}`,
    messages: (id) => received.filter((message) => id === undefined || message.subscription === id),
    next: (id, ms) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No push message for ${id} within ${ms} ms.`));
        }, ms);
        const waiter = (message: PushedMessage) => {
          if (message.subscription !== id) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        waiters.add(waiter);
      }),
    markGone: (id) => gone.add(id),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
