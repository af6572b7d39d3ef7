import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { getMatchesResponseSchema, slotQuerySchema } from '../../contract';
import { identityOf } from '../auth/authenticate';
import { slotOf } from '../profile/profileSlot';
import type { RouteDependencies } from '../routeDependencies';
import { findMatches } from './findMatches';

export function registerMatchRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  app.withTypeProvider<JsonSchemaToTsProvider>().get(
    '/v1/matches',
    {
      onRequest: deps.authenticators.standard,
      schema: { querystring: slotQuerySchema, response: { 200: getMatchesResponseSchema } },
    },
    async (request) => findMatches(deps.db, identityOf(request).uid, slotOf(request.query)),
  );
}
