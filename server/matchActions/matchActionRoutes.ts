import {
  HIDE_REASONS,
  MATCH_ACTIONS_LIMIT,
  dismissSuggestionRequestSchema,
  matchActionParamsSchema,
  matchActionsResponseSchema,
  putHiddenCompanyRequestSchema,
  putMatchActionBodySchema,
  slotQuerySchema,
  type HideReason,
  type MatchActionsResponse,
  type ProfileSlot,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import type { Database } from '../db/database';
import { slotOf } from '../profile/profileSlot';
import type { RoutePlugin } from '../routeDependencies';
import { readMatchActions, saveMatchAction } from './matchActionStore';
import {
  dismissSuggestion,
  offeredSuggestions,
  readHiddenCompanies,
  setHiddenCompany,
} from './matchRuleStore';

async function actionsOf(
  db: Database,
  uid: string,
  slot: ProfileSlot,
): Promise<MatchActionsResponse> {
  const [actions, hidden] = await Promise.all([
    readMatchActions(db, uid, slot),
    readHiddenCompanies(db, uid, slot),
  ]);
  const keys = new Set(hidden.map((row) => row.key));
  return {
    slot,
    actions,
    suggestions: await offeredSuggestions(db, uid, slot, keys),
    hiddenCompanies: hidden.map(({ company, hiddenAt }) => ({ company, hiddenAt })),
    limit: MATCH_ACTIONS_LIMIT,
  };
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

const isHideReason = (reason: string): reason is HideReason =>
  (HIDE_REASONS as readonly string[]).includes(reason);

const response = { 200: matchActionsResponseSchema };

/** What a profile did with its matches (`/v1/matches/actions?slot=N`): the token's uid only, guests included. */
export const matchActionRoutes: RoutePlugin = async (app, { deps }) => {
  const { db, authenticators } = deps;

  app.get(
    '/v1/matches/actions',
    { onRequest: authenticators.standard, schema: { querystring: slotQuerySchema, response } },
    async (request) => actionsOf(db, identityOf(request).uid, slotOf(request.query)),
  );

  app.put(
    '/v1/matches/:jobId/action',
    {
      onRequest: authenticators.standard,
      schema: {
        body: putMatchActionBodySchema,
        params: matchActionParamsSchema,
        querystring: slotQuerySchema,
        response,
      },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      const { saved, appliedOn, hidden } = request.body;
      if (hidden !== null && !isHideReason(hidden)) {
        throw new ApiFailure('match-hide-reason-invalid');
      }
      if (appliedOn !== null && !realDay(appliedOn)) {
        throw new ApiFailure('match-applied-date-invalid');
      }
      const action = { saved, appliedOn, hidden };
      await saveMatchAction(db, uid, slot, Number(request.params.jobId), action);
      return actionsOf(db, uid, slot);
    },
  );

  app.put(
    '/v1/matches/companies',
    {
      onRequest: authenticators.standard,
      schema: { body: putHiddenCompanyRequestSchema, querystring: slotQuerySchema, response },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      await setHiddenCompany(db, uid, slot, request.body);
      return actionsOf(db, uid, slot);
    },
  );

  app.post(
    '/v1/matches/suggestions/dismiss',
    {
      onRequest: authenticators.standard,
      schema: { body: dismissSuggestionRequestSchema, querystring: slotQuerySchema, response },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      await dismissSuggestion(db, uid, slot, request.body);
      return actionsOf(db, uid, slot);
    },
  );
};
