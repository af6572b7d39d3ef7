import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
import { getPlanResponseSchema } from '../../contract';
import { identityOf } from '../auth/authenticate';
import type { RouteDependencies } from '../routeDependencies';
import { toPlanResponse } from './planState';
import { readPlanRow } from './planStore';
import { registerStripeWebhook } from './stripeWebhook';

/** The user's plan, and the payment provider's events that set it. */
export function registerPlanRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const schema = { response: { 200: getPlanResponseSchema } };
  app
    .withTypeProvider<JsonSchemaToTsProvider>()
    .get('/v1/plan', { onRequest: deps.authenticators.standard, schema }, async (request) =>
      toPlanResponse(await readPlanRow(deps.db, identityOf(request).uid), deps.digestHourUtc),
    );
  registerStripeWebhook(app, deps);
}
