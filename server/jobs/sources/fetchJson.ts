import type { BoardFailure } from './boardResult';
import { withHostSlot } from './hostSlots';
import { retryAfterMs } from './retryAfter';

/** A board bigger than this is refused rather than read into memory. */
const MAX_BODY_BYTES = 25 * 1024 * 1024;

export type JsonAnswer =
  | { readonly ok: true; readonly body: unknown }
  | { readonly ok: false; readonly failure: BoardFailure };

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

async function readCapped(response: Response): Promise<string | null> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
  now = new Date(),
): Promise<JsonAnswer> {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (response.status === 429) {
    await response.body?.cancel();
    return {
      ok: false,
      failure: {
        kind: 'rate-limited',
        status: 429,
        retryAfterMs: retryAfterMs(response.headers.get('retry-after'), now),
      },
    };
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return { ok: false, failure: { kind: 'not-found', status: 404 } };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const kind = response.status >= 500 ? 'server-error' : 'http-error';
    return { ok: false, failure: { kind, status: response.status } };
  }
  const text = await readCapped(response);
  if (text === null)
    return {
      ok: false,
      failure: { kind: 'malformed', detail: `body over ${MAX_BODY_BYTES} bytes` },
    };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      ok: false,
      failure: {
        kind: 'malformed',
        detail: `not JSON: ${(error as Error).message.slice(0, 200)}`,
      },
    };
  }
}

function failureOf(error: unknown, signal: AbortSignal, timeoutMs: number): JsonAnswer {
  if (isTimeout(error) || signal.aborted)
    return { ok: false, failure: { kind: 'timeout', afterMs: timeoutMs } };
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return {
    ok: false,
    failure: {
      kind: 'network',
      detail: `${error instanceof Error ? error.message : String(error)}${cause}`,
    },
  };
}

/**
 * GET a URL and parse its JSON within `signal`'s time limit, waiting first for a free slot among
 * the requests to its host. Every way it can go wrong comes back as a typed failure; nothing throws.
 */
export async function fetchJson(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
  now = new Date(),
): Promise<JsonAnswer> {
  try {
    return await withHostSlot(url, signal, () => readJson(url, signal, timeoutMs, now));
  } catch (error) {
    return failureOf(error, signal, timeoutMs);
  }
}
