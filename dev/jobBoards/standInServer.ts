import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { JOB_SOURCES, type BoardRef, type JobSource } from '../../server/jobs/jobRecord';
import { companyFromToken } from '../../server/jobs/sources/boardSource';
import { BoardStore } from './boardStore';
import { generatePosting } from './generatePosting';

/** What a board does instead of answering, so tests and demos can see the connectors fail. */
export type BoardFault =
  | { readonly kind: 'rate-limit'; readonly retryAfterSeconds: number }
  | { readonly kind: 'server-error'; readonly status: number }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'hang' };

export interface StandInOptions {
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly fixturesDirectory?: string;
  /** The boards to serve instead of the fixtures' (a benchmark's thousands). */
  readonly store?: BoardStore;
  /** Publish a generated posting this often (default every 2 minutes); 0 never does. */
  readonly publishEveryMs?: number;
  readonly now?: () => Date;
}

export interface PublishedPosting {
  readonly board: BoardRef;
  readonly id: string;
  readonly title: string;
}

export interface StandIn {
  /** http://127.0.0.1:PORT, the base URL for every source. */
  readonly url: string;
  readonly boards: () => BoardRef[];
  /** Adds a generated posting to `board`, or to the next board in turn. */
  readonly publish: (board?: BoardRef) => PublishedPosting;
  /** Makes a board fail in a given way until cleared with null. */
  readonly setFault: (board: BoardRef, fault: BoardFault | null) => void;
  readonly close: () => Promise<void>;
}

export const DEFAULT_PUBLISH_EVERY_MS = 2 * 60_000;

export const DEFAULT_FIXTURES_DIRECTORY = path.join(import.meta.dirname, 'fixtures');

/**
 * Paths of the real APIs; the stand-in answers at the same ones. Recruitee names the company in
 * the host (acme.recruitee.com/api/offers/), so here in a path: /recruitee/acme/api/offers/.
 */
const ROUTES: readonly { source: JobSource; prefix: string; suffix: string }[] = [
  { source: 'greenhouse', prefix: '/v1/boards/', suffix: '/jobs' },
  { source: 'lever', prefix: '/v0/postings/', suffix: '' },
  { source: 'ashby', prefix: '/posting-api/job-board/', suffix: '' },
  { source: 'workable', prefix: '/api/v1/widget/accounts/', suffix: '' },
  { source: 'smartrecruiters', prefix: '/v1/companies/', suffix: '/postings' },
  { source: 'recruitee', prefix: '/recruitee/', suffix: '/api/offers/' },
];

/** SmartRecruiters' one-posting path: /v1/companies/{company}/postings/{id}. */
function postingOfPath(pathname: string): { board: BoardRef; id: string } | null {
  const match = /^\/v1\/companies\/([^/]+)\/postings\/([^/]+)$/.exec(pathname);
  if (match?.[1] === undefined || match[2] === undefined) return null;
  return {
    board: { source: 'smartrecruiters', token: decodeURIComponent(match[1]) },
    id: decodeURIComponent(match[2]),
  };
}

function boardOfPath(pathname: string): BoardRef | null {
  for (const route of ROUTES) {
    if (!pathname.startsWith(route.prefix) || !pathname.endsWith(route.suffix)) continue;
    const token = decodeURIComponent(
      pathname.slice(route.prefix.length, pathname.length - route.suffix.length),
    );
    if (token !== '' && !token.includes('/')) return { source: route.source, token };
  }
  return null;
}

const sendJson = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  response.end(JSON.stringify(body));
};

const etagOf = (text: string) =>
  `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;

/** The request's If-None-Match names `etag` (weak or strong, or `*`). */
const asksFor = (request: IncomingMessage, etag: string) =>
  (request.headers['if-none-match'] ?? '')
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');

const sendNotModified = (response: ServerResponse, etag: string) => {
  response.writeHead(304, { etag });
  response.end();
};

/**
 * A GET's answer with a strong ETag (a hash of the body), or 304 with no body when the request's
 * If-None-Match names it: as real APIs that honour conditional requests do, so the poller's 304
 * path runs offline too. Returns the ETag.
 */
function sendJsonIfChanged(request: IncomingMessage, response: ServerResponse, body: unknown) {
  const text = JSON.stringify(body);
  const etag = etagOf(text);
  if (asksFor(request, etag)) {
    sendNotModified(response, etag);
  } else {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', etag });
    response.end(text);
  }
  return etag;
}

/** A posting's id at its source (Workable's is its shortcode). */
const idOf = (posting: unknown): string => {
  if (typeof posting !== 'object' || posting === null) return '';
  const { id, shortcode } = posting as { id?: unknown; shortcode?: unknown };
  return String(shortcode ?? id ?? '');
};

const isLoopback = (request: IncomingMessage) =>
  ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(request.socket.remoteAddress ?? '');

/** Greenhouse sends these only with ?content=true. */
const CONTENT_ONLY_FIELDS: ReadonlySet<string> = new Set(['content', 'departments', 'offices']);

/** SmartRecruiters sends these only for one posting, not in its list. */
const DETAILS_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'jobAd',
  'postingUrl',
  'applyUrl',
  'referralUrl',
  'creator',
  'active',
  'jobId',
]);

const without = (posting: unknown, fields: ReadonlySet<string>): unknown =>
  typeof posting === 'object' && posting !== null
    ? Object.fromEntries(Object.entries(posting).filter(([key]) => !fields.has(key)))
    : posting;

/** The answer each real API gives for a board's postings, paged like Lever when asked. */
function boardAnswer(
  board: BoardRef,
  postings: readonly unknown[],
  query: URLSearchParams,
): unknown {
  if (board.source === 'lever') {
    const skip = Math.max(0, Number(query.get('skip') ?? 0) || 0);
    const limit = Number(query.get('limit') ?? 0) || postings.length;
    return postings.slice(skip, skip + Math.max(0, limit));
  }
  if (board.source === 'ashby') return { apiVersion: '1', jobs: postings };
  if (board.source === 'workable')
    return { name: companyFromToken(board.token), description: '', jobs: postings };
  if (board.source === 'recruitee') return { offers: postings };
  if (board.source === 'smartrecruiters') {
    const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
    const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 10) || 10));
    return {
      offset,
      limit,
      totalFound: postings.length,
      content: postings
        .slice(offset, offset + limit)
        .map((posting) => without(posting, DETAILS_ONLY_FIELDS)),
    };
  }
  const withContent = query.get('content') === 'true';
  const jobs = withContent ? postings : postings.map((job) => without(job, CONTENT_ONLY_FIELDS));
  return { jobs, meta: { total: postings.length } };
}

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > 64 * 1024) throw new Error('admin request body over 64 KiB');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  return text === '' ? {} : (JSON.parse(text) as unknown);
};

const boardFromBody = (body: unknown): BoardRef | undefined => {
  if (typeof body !== 'object' || body === null || !('source' in body) || !('board' in body))
    return undefined;
  const { source, board } = body as { source: unknown; board: unknown };
  return typeof source === 'string' &&
    (JOB_SOURCES as readonly string[]).includes(source) &&
    typeof board === 'string'
    ? { source: source as JobSource, token: board }
    : undefined;
};

/**
 * An offline stand-in for the six job-board APIs on 127.0.0.1: the recorded
 * answers under fixtures/, at the real paths, plus generated postings published on a timer, by
 * `publish()`, or by POST /__admin/publish {source?, board?} from loopback.
 */
export async function startStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const store =
    options.store ??
    BoardStore.fromFixtures(options.fixturesDirectory ?? DEFAULT_FIXTURES_DIRECTORY);
  const faults = new Map<string, BoardFault>();
  const now = options.now ?? (() => new Date());
  let sequence = 0;
  // The backend keeps its database across restarts and takes a known id for an old posting, so ids
  // count on from this run's start time; a later run could meet an earlier run's ids only if that
  // one had published over a thousand postings for each millisecond it ran.
  const firstSerial = now().getTime() * 1000;
  const faultKey = (board: BoardRef) => `${board.source}:${board.token}`;
  // Each board answer's last ETag (by board and query) and the board's revision it was made at:
  // a conditional GET of an unchanged board is answered without building and hashing the answer
  // again, so a benchmark's thousands of boards cost the stand-in little.
  const answerTags = new Map<string, { readonly revision: number; readonly etag: string }>();

  const publish = (board?: BoardRef): PublishedPosting => {
    const boards = store.list();
    const target = board ?? boards[sequence % boards.length];
    if (target === undefined) throw new Error('The stand-in has no boards');
    sequence += 1;
    const posting = generatePosting(
      target.source,
      target.token,
      { sequence, serial: firstSerial + sequence },
      now(),
    ) as { title?: string; text?: string; name?: string };
    store.add(target, posting);
    return {
      board: target,
      id: idOf(posting),
      title: posting.title ?? posting.text ?? posting.name ?? '',
    };
  };

  const handleAdmin = async (
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
  ) => {
    if (!isLoopback(request) || request.method !== 'POST')
      return sendJson(response, 403, { error: 'admin is POST from loopback only' });
    const body = await readBody(request);
    if (pathname === '/__admin/publish')
      return sendJson(response, 201, publish(boardFromBody(body)));
    return sendJson(response, 404, { error: `no admin route ${pathname}` });
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (url.pathname.startsWith('/__admin/')) {
      handleAdmin(request, response, url.pathname).catch((error: unknown) =>
        sendJson(response, 400, { error: error instanceof Error ? error.message : String(error) }),
      );
      return;
    }
    const onePosting = request.method === 'GET' ? postingOfPath(url.pathname) : null;
    const board =
      onePosting?.board ?? (request.method === 'GET' ? boardOfPath(url.pathname) : null);
    const postings = board === null ? undefined : store.postings(board);
    if (board === null || postings === undefined)
      return sendJson(response, 404, { ok: false, error: 'Document not found' });
    const fault = faults.get(faultKey(board));
    if (fault?.kind === 'hang') return; // never answers; close() drops the connection
    if (fault?.kind === 'rate-limit')
      return sendJson(
        response,
        429,
        { error: 'Too Many Requests' },
        { 'retry-after': String(fault.retryAfterSeconds) },
      );
    if (fault?.kind === 'server-error')
      return sendJson(response, fault.status, { error: 'Internal Server Error' });
    if (fault?.kind === 'malformed') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"jobs": [{"id": 1, "title": "cut off');
    }
    if (onePosting !== null) {
      const posting = postings.find((candidate) => idOf(candidate) === onePosting.id);
      if (posting === undefined) return sendJson(response, 404, { message: 'Not Found' });
      return sendJsonIfChanged(request, response, posting);
    }
    const answerKey = `${faultKey(board)}${url.search}`;
    const revision = store.revision(board);
    const known = answerTags.get(answerKey);
    if (known?.revision === revision && asksFor(request, known.etag))
      return sendNotModified(response, known.etag);
    const answer = boardAnswer(board, postings, url.searchParams);
    answerTags.set(answerKey, { revision, etag: sendJsonIfChanged(request, response, answer) });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const publishEveryMs = options.publishEveryMs ?? DEFAULT_PUBLISH_EVERY_MS;
  const timer = publishEveryMs > 0 ? setInterval(() => publish(), publishEveryMs) : undefined;
  timer?.unref();
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    boards: () => store.list(),
    publish,
    setFault: (board, fault) => {
      if (fault === null) faults.delete(faultKey(board));
      else faults.set(faultKey(board), fault);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        clearInterval(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
