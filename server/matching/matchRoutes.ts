import type { FastifyInstance } from 'fastify';
import type { GetMatchesResponse } from '../../contract';
import { identityOf } from '../auth/authenticate';
import { slotOf, slotQuerySchema, type SlotQuery } from '../profile/profileSlot';
import type { RouteDependencies } from '../routeDependencies';
import { findMatches } from './findMatches';

export function registerMatchRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  app.get<{ Querystring: SlotQuery }>(
    '/v1/matches',
    { onRequest: deps.authenticators.standard, schema: { querystring: slotQuerySchema } },
    async (request) => {
      const { uid } = identityOf(request);
      const body: GetMatchesResponse = await findMatches(deps.db, uid, slotOf(request.query));
      return body;
    },
  );
}
