import type { FastifyInstance } from 'fastify';
import {
  PROFILE_SLOTS,
  type AlertProfileInput,
  type DeleteProfileResponse,
  type GetProfileResponse,
  type GetProfilesResponse,
  type PutProfileResponse,
} from '../../contract';
import { identityOf } from '../auth/authenticate';
import { readCvSummaries, readCvSummary } from '../cv/cvStore';
import { readPlanLimits } from '../plan/planLimits';
import type { RouteDependencies } from '../routeDependencies';
import { normaliseProfile } from './normaliseProfile';
import { alertProfileInputSchema } from './profileSchema';
import { slotOf, slotQuerySchema, type SlotQuery } from './profileSlot';
import { deleteProfile, readProfile, readProfiles, saveProfile } from './profileStore';

export function registerProfileRoutes(app: FastifyInstance, deps: RouteDependencies): void {
  const { db, authenticators } = deps;

  app.get<{ Querystring: SlotQuery }>(
    '/v1/profile',
    { onRequest: authenticators.standard, schema: { querystring: slotQuerySchema } },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      const [profile, cv, limits] = await Promise.all([
        readProfile(db, uid, slot),
        readCvSummary(db, uid, slot),
        readPlanLimits(db, uid),
      ]);
      const body: GetProfileResponse = { slot, profile, cv, active: slot <= limits.profiles };
      return body;
    },
  );

  app.get('/v1/profiles', { onRequest: authenticators.standard }, async (request) => {
    const { uid } = identityOf(request);
    const [profiles, cvs, limits] = await Promise.all([
      readProfiles(db, uid),
      readCvSummaries(db, uid),
      readPlanLimits(db, uid),
    ]);
    const body: GetProfilesResponse = {
      profiles: PROFILE_SLOTS.filter((slot) => profiles.has(slot) || cvs.has(slot)).map((slot) => ({
        slot,
        profile: profiles.get(slot) ?? null,
        cv: cvs.get(slot) ?? null,
        active: slot <= limits.profiles,
      })),
      limit: limits.profiles,
    };
    return body;
  });

  app.put<{ Body: AlertProfileInput; Querystring: SlotQuery }>(
    '/v1/profile',
    {
      onRequest: authenticators.standard,
      schema: { body: alertProfileInputSchema, querystring: slotQuerySchema },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      const profile = await saveProfile(db, uid, slot, normaliseProfile(request.body));
      const body: PutProfileResponse = { slot, profile };
      return body;
    },
  );

  app.delete<{ Querystring: SlotQuery }>(
    '/v1/profile',
    { onRequest: authenticators.standard, schema: { querystring: slotQuerySchema } },
    async (request) => {
      const deleted = await deleteProfile(db, identityOf(request).uid, slotOf(request.query));
      const body: DeleteProfileResponse = { deleted };
      return body;
    },
  );
}
