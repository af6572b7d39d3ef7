import { getPlanResponseSchema } from '../../contract';
import { identityOf } from '../auth/authenticate';
import type { RoutePlugin } from '../routeDependencies';
import { toPlanResponse } from './planState';
import { readPlanRow } from './planStore';
import { stripeWebhookRoutes } from './stripeWebhook';

/** The user's plan, and the payment provider's events that set it. */
export const planRoutes: RoutePlugin = async (app, { deps }) => {
  const schema = { response: { 200: getPlanResponseSchema } };
  app.get('/v1/plan', { onRequest: deps.authenticators.standard, schema }, async (request) =>
    toPlanResponse(await readPlanRow(deps.db, identityOf(request).uid), deps.digestHourUtc),
  );
  await app.register(stripeWebhookRoutes, { deps });
};
