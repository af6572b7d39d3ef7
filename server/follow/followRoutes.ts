import type { FastifyBaseLogger } from 'fastify';
import {
  FOLLOWED_COMPANIES_LIMIT,
  followedBoardParamsSchema,
  followRequestSchema,
  followsResponseSchema,
  putFollowModeRequestSchema,
  slotQuerySchema,
  type FollowsResponse,
  type ProfileSlot,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import type { Database } from '../db/database';
import { recogniseCareersUrl } from '../jobs/careersUrl';
import type { BoardRef } from '../jobs/jobRecord';
import { slotOf } from '../profile/profileSlot';
import type { RoutePlugin } from '../routeDependencies';
import { withTimeLimit } from '../withTimeLimit';
import {
  followBoard,
  readFollowMode,
  readFollows,
  saveFollowMode,
  unfollowBoard,
  type FollowedBoard,
} from './followStore';

/**
 * What following asks of the board polls (jobs/poll's `BoardPolling`, which sits above follow in
 * the server's layers): start a board's polls, and say when it was last polled.
 */
export interface BoardWatch {
  readonly watch: (board: BoardRef) => Promise<void>;
  readonly lastPolledAt: (board: BoardRef) => Promise<Date | null>;
}

/** Reading when each board was last polled, or starting a poll: the follow is kept either way. */
const QUEUE_TIME_LIMIT_MS = 5_000;

async function lastPolls(
  polling: BoardWatch | null,
  boards: readonly FollowedBoard[],
  log: FastifyBaseLogger,
): Promise<(Date | null)[]> {
  const read = Promise.all(
    boards.map(async (board) => (polling === null ? null : polling.lastPolledAt(board))),
  );
  try {
    return await withTimeLimit(read, QUEUE_TIME_LIMIT_MS, 'Reading the last polls');
  } catch (error) {
    // The list is still worth answering without the times.
    log.error({ err: error }, 'reading the last polls failed');
    return boards.map(() => null);
  }
}

async function followsOf(
  db: Database,
  polling: BoardWatch | null,
  log: FastifyBaseLogger,
  uid: string,
  slot: ProfileSlot,
): Promise<FollowsResponse> {
  const [follows, mode] = await Promise.all([
    readFollows(db, uid, slot),
    readFollowMode(db, uid, slot),
  ]);
  const polled = await lastPolls(polling, follows, log);
  return {
    slot,
    mode,
    limit: FOLLOWED_COMPANIES_LIMIT,
    companies: follows.map((follow, index) => ({
      source: follow.source,
      token: follow.token,
      name: follow.name,
      followedAt: follow.followedAt.toISOString(),
      lastPolledAt: polled[index]?.toISOString() ?? null,
      openPostings: follow.openPostings,
    })),
  };
}

/** Queues the board's first poll; a failure is logged, and the board is polled from the next start. */
async function startPolling(
  polling: BoardWatch | null,
  board: FollowedBoard,
  log: FastifyBaseLogger,
): Promise<void> {
  if (polling === null) return;
  try {
    await withTimeLimit(polling.watch(board), QUEUE_TIME_LIMIT_MS, 'Queueing a first poll');
  } catch (error) {
    log.error({ err: error, board: `${board.source}:${board.token}` }, 'queueing a poll failed');
  }
}

const response = { 200: followsResponseSchema };

/**
 * The companies a profile follows (`/v1/profile/follows?slot=N`): the user's own, by the token's
 * uid alone, guests included. Following a board nobody polled starts its polls.
 */
export const followRoutes: RoutePlugin<{ polling: BoardWatch | null }> = async (
  app,
  { deps, polling },
) => {
  const { db, authenticators } = deps;
  const answer = (uid: string, slot: ProfileSlot, log: FastifyBaseLogger) =>
    followsOf(db, polling, log, uid, slot);

  app.get(
    '/v1/profile/follows',
    { onRequest: authenticators.standard, schema: { querystring: slotQuerySchema, response } },
    async (request) => answer(identityOf(request).uid, slotOf(request.query), request.log),
  );

  app.post(
    '/v1/profile/follows',
    {
      onRequest: authenticators.standard,
      schema: { body: followRequestSchema, querystring: slotQuerySchema, response },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      const recognised = recogniseCareersUrl(request.body.url);
      if (!recognised.ok) throw new ApiFailure(recognised.code);
      const { board } = recognised;
      await followBoard(db, uid, slot, board);
      await startPolling(polling, board, request.log);
      return answer(uid, slot, request.log);
    },
  );

  app.put(
    '/v1/profile/follows/mode',
    {
      onRequest: authenticators.standard,
      schema: { body: putFollowModeRequestSchema, querystring: slotQuerySchema, response },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      await saveFollowMode(db, uid, slot, request.body.mode);
      return answer(uid, slot, request.log);
    },
  );

  app.delete(
    '/v1/profile/follows/:source/:token',
    {
      onRequest: authenticators.standard,
      schema: { params: followedBoardParamsSchema, querystring: slotQuerySchema, response },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      await unfollowBoard(db, uid, slot, request.params);
      return answer(uid, slot, request.log);
    },
  );
};
