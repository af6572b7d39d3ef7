import type { FastifyInstance } from 'fastify';
import type {
  AlertProfileInput,
  GetProfileResponse,
  PutProfileResponse,
} from '../../src/backendApi';
import { identityOf } from '../auth/authenticate';
import { readCvSummary } from '../cv/cvStore';
import type { RouteDependencies } from '../routeDependencies';
import { normaliseProfile } from './normaliseProfile';
import { alertProfileInputSchema } from './profileSchema';
import { readProfile, saveProfile } from './profileStore';

export function registerProfileRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { db, authenticators } = deps;

  app.get('/v1/profile', { onRequest: authenticators.standard }, async (request) => {
    const { uid } = identityOf(request);
    const [profile, cv] = await Promise.all([readProfile(db, uid), readCvSummary(db, uid)]);
    const body: GetProfileResponse = { profile, cv };
    return body;
  });

  app.put<{ Body: AlertProfileInput }>(
    '/v1/profile',
    { onRequest: authenticators.standard, schema: { body: alertProfileInputSchema } },
    async (request) => {
      const { uid } = identityOf(request);
      const profile = await saveProfile(db, uid, normaliseProfile(request.body));
      const body: PutProfileResponse = { profile };
      return body;
    },
  );
}
