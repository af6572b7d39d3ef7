import type { FastifyInstance } from 'fastify';
import type { GetMatchesResponse } from '../../src/backendApi';
import { identityOf } from '../auth/authenticate';
import type { RouteDependencies } from '../routeDependencies';
import { findMatches } from './findMatches';

export function registerMatchRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  app.get('/v1/matches', { onRequest: deps.authenticators.standard }, async (request) => {
    const body: GetMatchesResponse = await findMatches(deps.db, identityOf(request).uid);
    return body;
  });
}
