import type { FastifyInstance } from 'fastify';
import {
  HIDE_REASONS,
  MATCH_ACTIONS_LIMIT,
  type MatchActionsResponse,
  type ProfileSlot,
  type PutMatchActionRequest,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import type { Database } from '../db/database';
import { slotOf, slotQuerySchema, type SlotQuery } from '../profile/profileSlot';
import type { RouteDependencies } from '../routeDependencies';
import {
  matchActionParamsSchema,
  matchActionRequestSchema,
  matchActionsResponseSchema,
} from './matchActionSchema';
import { readMatchActions, saveMatchAction, suggestionsFrom } from './matchActionStore';

async function actionsOf(
  db: Database,
  uid: string,
  slot: ProfileSlot,
): Promise<MatchActionsResponse> {
  const actions = await readMatchActions(db, uid, slot);
  return { slot, actions, suggestions: suggestionsFrom(actions), limit: MATCH_ACTIONS_LIMIT };
}

/** A real calendar day, not after tomorrow (the seeker's time zone may be ahead of the server's). */
function realDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(time) &&
    new Date(time).toISOString().startsWith(day) &&
    time <= Date.now() + 24 * 60 * 60 * 1000
  );
}

const response = { 200: matchActionsResponseSchema };

/** What a profile did with its matches (`/v1/matches/actions?slot=N`): the token's uid only, guests included. */
export function registerMatchActionRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { db, authenticators } = deps;

  app.get<{ Querystring: SlotQuery }>(
    '/v1/matches/actions',
    { onRequest: authenticators.standard, schema: { querystring: slotQuerySchema, response } },
    async (request) => actionsOf(db, identityOf(request).uid, slotOf(request.query)),
  );

  app.put<{ Body: PutMatchActionRequest; Params: { jobId: string }; Querystring: SlotQuery }>(
    '/v1/matches/:jobId/action',
    {
      onRequest: authenticators.standard,
      schema: {
        body: matchActionRequestSchema,
        params: matchActionParamsSchema,
        querystring: slotQuerySchema,
        response,
      },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      const { appliedOn, hidden } = request.body;
      if (hidden !== null && !(HIDE_REASONS as readonly string[]).includes(hidden)) {
        throw new ApiFailure('match-hide-reason-invalid');
      }
      if (appliedOn !== null && !realDay(appliedOn)) {
        throw new ApiFailure('match-applied-date-invalid');
      }
      await saveMatchAction(db, uid, slot, Number(request.params.jobId), request.body);
      return actionsOf(db, uid, slot);
    },
  );
}
