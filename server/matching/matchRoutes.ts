import { getMatchesResponseSchema, slotQuerySchema } from '../../contract';
import { identityOf } from '../auth/authenticate';
import { slotOf } from '../profile/profileSlot';
import type { RoutePlugin } from '../routeDependencies';
import { findMatches } from './findMatches';

/** The slot's matches, best first. */
export const matchRoutes: RoutePlugin = async (app, { deps }) => {
  app.get(
    '/v1/matches',
    {
      onRequest: deps.authenticators.standard,
      schema: { querystring: slotQuerySchema, response: { 200: getMatchesResponseSchema } },
    },
    async (request) => findMatches(deps.db, identityOf(request).uid, slotOf(request.query)),
  );
};
