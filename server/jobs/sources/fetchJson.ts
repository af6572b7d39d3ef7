import type { BoardFailure } from './boardResult';
import { withHostSlot } from './hostSlots';
import { readJsonBody } from './readJsonBody';
import { retryAfterMs } from './retryAfter';
import { conditionalHeaders, validatorOf, type Validator } from './validator';

export type JsonAnswer =
  | { readonly ok: true; readonly body: unknown; readonly validator?: Validator }
  | { readonly ok: false; readonly failure: BoardFailure };

/** A 304: the document is as it was when it answered the validator that was sent. */
export interface Unchanged {
  readonly ok: true;
  readonly unchanged: true;
}

const UNCHANGED: Unchanged = { ok: true, unchanged: true };

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

async function readJson(
  url: string,
  signal: AbortSignal,
  now: Date,
  validator: Validator | undefined,
): Promise<JsonAnswer | Unchanged> {
  const response = await fetch(url, {
    signal,
    headers: { accept: 'application/json', ...conditionalHeaders(validator) },
  });
  if (response.status === 304 && validator !== undefined) {
    await response.body?.cancel();
    return UNCHANGED;
  }
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
  const parsed = await readJsonBody(response.body);
  if (!parsed.ok) return parsed;
  const answered = validatorOf(response.headers);
  return answered === undefined
    ? { ok: true, body: parsed.value }
    : { ok: true, body: parsed.value, validator: answered };
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
 * the requests to its host; with `validator`, only if the document changed since (else
 * `Unchanged`). Every way it can go wrong comes back as a typed failure; nothing throws.
 */
export async function fetchJsonIfChanged(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
  now: Date,
  validator: Validator | undefined,
): Promise<JsonAnswer | Unchanged> {
  try {
    return await withHostSlot(url, signal, () => readJson(url, signal, now, validator));
  } catch (error) {
    return failureOf(error, signal, timeoutMs);
  }
}

/** `fetchJsonIfChanged` without a validator: always the document (or why not). */
export async function fetchJson(
  url: string,
  signal: AbortSignal,
  timeoutMs: number,
  now = new Date(),
): Promise<JsonAnswer> {
  const answer = await fetchJsonIfChanged(url, signal, timeoutMs, now, undefined);
  // Never without a validator sent: a 304 then is an HTTP error like any other.
  return 'unchanged' in answer
    ? { ok: false, failure: { kind: 'http-error', status: 304 } }
    : answer;
}
