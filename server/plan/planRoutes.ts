import type { FastifyInstance } from 'fastify';
import type { GetPlanResponse } from '../../contract';
import { identityOf } from '../auth/authenticate';
import type { RouteDependencies } from '../routeDependencies';
import { toPlanResponse } from './planState';
import { readPlanRow } from './planStore';
import { registerStripeWebhook } from './stripeWebhook';

/** The user's plan, and the payment provider's events that set it. */
export function registerPlanRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  app.get('/v1/plan', { onRequest: deps.authenticators.standard }, async (request) => {
    const body: GetPlanResponse = toPlanResponse(
      await readPlanRow(deps.db, identityOf(request).uid),
    );
    return body;
  });
  registerStripeWebhook(app, deps);
}
