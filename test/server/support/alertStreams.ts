import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { FastifyInstance } from 'fastify';
import { alerts } from '../../../server/db/schema';
import { ingestBoard } from '../../../server/jobs/store/ingestBoard';
import { ALERT_STREAM_EVENT, type AlertMatch } from '../../../contract';
import { call } from './backend';
import { postingRecord, uniqueBoard } from './jobs';
import { validProfile } from './profiles';
import { guestSession, sleep } from './sessions';

export const ORIGIN = 'http://127.0.0.1:5173';

/** A seeker with a saved profile and two postings that fit it, not alerted yet. */
export async function seekerWithJobs(app: FastifyInstance) {
  const session = await guestSession();
  await call(app, 'PUT', '/v1/profile', {
    token: session.token,
    body: validProfile({ minSalary: null }),
  });
  const board = uniqueBoard('greenhouse', 'alerts');
  const { newJobIds } = await ingestBoard(
    app.db,
    board,
    [
      postingRecord(board, { title: 'Senior Backend Engineer', company: 'Older Co' }),
      postingRecord(board, { title: 'Senior Backend Engineer', company: 'Newer Co' }),
    ],
    new Date(),
  );
  return { session, jobIds: newJobIds };
}

export async function insertAlert(
  app: FastifyInstance,
  uid: string,
  jobId: number,
  createdAt = new Date(),
) {
  const [row] = await app.db
    .insert(alerts)
    .values({ uid, jobId, score: 80, createdAt })
    .returning({ id: alerts.id });
  if (!row) throw new Error('no alert row');
  return row.id;
}

export interface OpenStream {
  response: Response;
  events: EventSourceMessage[];
  comments: string[];
  /** Resolves when the server ends the body. */
  ended: Promise<void>;
  close(): void;
}

/** `GET /v1/alerts/stream` over real HTTP, read as the browser client reads it. */
export async function openStream(
  baseUrl: string,
  token: string,
  headers: Record<string, string> = {},
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/v1/alerts/stream`, {
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN, ...headers },
    signal: controller.signal,
  });
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const parser = createParser({
    onEvent: (event) => events.push(event),
    onComment: (comment) => comments.push(comment),
  });
  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })();
  return { response, events, comments, ended, close: () => controller.abort() };
}

export async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Not within ${ms} ms.`);
    await sleep(20);
  }
}

export const alertsOf = (stream: OpenStream) =>
  stream.events
    .filter((event) => event.event === ALERT_STREAM_EVENT)
    .map((event) => JSON.parse(event.data) as AlertMatch);
