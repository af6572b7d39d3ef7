import type { FastifyBaseLogger } from 'fastify';
import { boardKey, type BoardRef } from '../jobRecord';
import type { PollOutcome } from './pollBoard';

/** One line per poll: counts, or the failure's kind and status; never a posting or a secret. */
export function logPollOutcome(log: FastifyBaseLogger, board: BoardRef, outcome: PollOutcome) {
  const next = { board: boardKey(board), nextPollSeconds: Math.ceil(outcome.nextDelayMs / 1000) };
  if (outcome.ok) {
    log.info(
      {
        ...next,
        ...outcome.stored,
        new: outcome.newJobIds.length,
        dropped: outcome.dropped,
        // Never the validator itself: an opaque value from a remote server.
        ...(outcome.notModified ? { notModified: true } : {}),
      },
      'job board polled',
    );
    return;
  }
  const { failure } = outcome;
  log.warn(
    {
      ...next,
      failure: failure.kind,
      ...('status' in failure ? { status: failure.status } : {}),
      ...('detail' in failure ? { detail: failure.detail } : {}),
      failures: outcome.failures,
    },
    'job board poll failed',
  );
}
