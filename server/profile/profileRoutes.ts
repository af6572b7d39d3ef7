import {
  PROFILE_SLOTS,
  alertProfileInputSchema,
  deleteProfileResponseSchema,
  getProfileResponseSchema,
  getProfilesResponseSchema,
  putProfileResponseSchema,
  slotQuerySchema,
} from '../../contract';
import { identityOf } from '../auth/authenticate';
import { readCvSummaries, readCvSummary } from '../cv/cvSummaries';
import { readPlanLimits } from '../plan/planLimits';
import type { RoutePlugin } from '../routeDependencies';
import { normaliseProfile } from './normaliseProfile';
import { slotOf } from './profileSlot';
import { deleteProfile, readProfile, readProfiles, saveProfile } from './profileStore';

export const profileRoutes: RoutePlugin = async (app, { deps }) => {
  const { db, authenticators } = deps;

  app.get(
    '/v1/profile',
    {
      onRequest: authenticators.standard,
      schema: { querystring: slotQuerySchema, response: { 200: getProfileResponseSchema } },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      const [profile, cv, limits] = await Promise.all([
        readProfile(db, uid, slot),
        readCvSummary(db, uid, slot),
        readPlanLimits(db, uid),
      ]);
      return { slot, profile, cv, active: slot <= limits.profiles };
    },
  );

  app.get(
    '/v1/profiles',
    {
      onRequest: authenticators.standard,
      schema: { response: { 200: getProfilesResponseSchema } },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const [profiles, cvs, limits] = await Promise.all([
        readProfiles(db, uid),
        readCvSummaries(db, uid),
        readPlanLimits(db, uid),
      ]);
      return {
        profiles: PROFILE_SLOTS.filter((slot) => profiles.has(slot) || cvs.has(slot)).map(
          (slot) => ({
            slot,
            profile: profiles.get(slot) ?? null,
            cv: cvs.get(slot) ?? null,
            active: slot <= limits.profiles,
          }),
        ),
        limit: limits.profiles,
      };
    },
  );

  app.put(
    '/v1/profile',
    {
      onRequest: authenticators.standard,
      schema: {
        body: alertProfileInputSchema,
        querystring: slotQuerySchema,
        response: { 200: putProfileResponseSchema },
      },
    },
    async (request) => {
      const { uid } = identityOf(request);
      const slot = slotOf(request.query);
      const profile = await saveProfile(db, uid, slot, normaliseProfile(request.body));
      return { slot, profile };
    },
  );

  app.delete(
    '/v1/profile',
    {
      onRequest: authenticators.standard,
      schema: { querystring: slotQuerySchema, response: { 200: deleteProfileResponseSchema } },
    },
    async (request) => {
      const deleted = await deleteProfile(db, identityOf(request).uid, slotOf(request.query));
      return { deleted };
    },
  );
};
