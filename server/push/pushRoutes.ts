import {
  PUSH_DEVICES_LIMIT,
  pushDeviceParamsSchema,
  pushDevicesResponseSchema,
  pushKeyResponseSchema,
  pushSubscribeRequestSchema,
  type PushDevicesResponse,
} from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import type { Database } from '../db/database';
import type { RoutePlugin } from '../routeDependencies';
import { listDevices, removeDevice, saveDevice } from './pushStore';
import { isUsableSubscription } from './usableSubscription';

async function devicesAnswer(db: Database, uid: string): Promise<PushDevicesResponse> {
  return { devices: await listDevices(db, uid), limit: PUSH_DEVICES_LIMIT };
}

const response = { 200: pushDevicesResponseSchema };

/**
 * Web Push devices (`/v1/push/...`): the public key to subscribe with, and the user's own devices
 * by the token's uid alone, guests included. `publicKey` null: push is off on this server.
 */
export const pushRoutes: RoutePlugin<{ publicKey: string | null }> = async (
  app,
  { deps, publicKey },
) => {
  const { db, authenticators } = deps;
  const allowLoopback = deps.firebaseProjectId.startsWith('demo-');

  app.get('/v1/push/key', { schema: { response: { 200: pushKeyResponseSchema } } }, async () => {
    if (publicKey === null) throw new ApiFailure('push-unavailable');
    return { publicKey };
  });

  app.get(
    '/v1/push/devices',
    { onRequest: authenticators.standard, schema: { response } },
    async (request) => devicesAnswer(db, identityOf(request).uid),
  );

  app.post(
    '/v1/push/devices',
    { onRequest: authenticators.standard, schema: { body: pushSubscribeRequestSchema, response } },
    async (request) => {
      if (publicKey === null) throw new ApiFailure('push-unavailable');
      if (!isUsableSubscription(request.body, allowLoopback)) {
        throw new ApiFailure('push-subscription-invalid');
      }
      const { uid } = identityOf(request);
      await saveDevice(db, uid, request.body);
      return devicesAnswer(db, uid);
    },
  );

  app.delete(
    '/v1/push/devices/:id',
    { onRequest: authenticators.standard, schema: { params: pushDeviceParamsSchema, response } },
    async (request) => {
      const { uid } = identityOf(request);
      await removeDevice(db, uid, request.params.id);
      return devicesAnswer(db, uid);
    },
  );
};
