import type { JobRecord } from '../jobRecord';
import type { Unchanged } from './fetchJson';
import type { Validator } from './validator';

/** Why a board could not be read. The scheduler backs off on every kind (see backoff.ts). */
export type BoardFailure =
  | { readonly kind: 'timeout'; readonly afterMs: number }
  | { readonly kind: 'rate-limited'; readonly status: 429; readonly retryAfterMs: number | null }
  | { readonly kind: 'server-error'; readonly status: number }
  | { readonly kind: 'not-found'; readonly status: 404 }
  | { readonly kind: 'http-error'; readonly status: number }
  | { readonly kind: 'malformed'; readonly detail: string }
  | { readonly kind: 'network'; readonly detail: string };

/**
 * Why one posting was left out while the rest of its board was read. `closed`: listed, but its
 * details answered 404 (SmartRecruiters; taken down between the two requests).
 */
export type DropReason =
  'missing-id' | 'missing-title' | 'missing-url' | 'not-an-object' | 'closed';

export type BoardResult =
  | {
      readonly ok: true;
      readonly jobs: readonly JobRecord[];
      readonly dropped: Readonly<Partial<Record<DropReason, number>>>;
      /** To ask next time whether the board changed since (one-request boards only). */
      readonly validator?: Validator;
    }
  | { readonly ok: false; readonly failure: BoardFailure };

/** What a connector answers: the board, why not, or (asked with a validator) that it is unchanged. */
export type BoardAnswer = BoardResult | Unchanged;

/** Counts dropped postings by reason. */
export class DropTally {
  readonly counts: Partial<Record<DropReason, number>> = {};
  add(reason: DropReason): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
  }
}
