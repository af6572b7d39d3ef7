import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';
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
import type { RouteDependencies } from '../routeDependencies';
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
export function registerPushRoutes(
  app: FastifyInstance,
  deps: RouteDependencies,
  publicKey: string | null,
): void {
  const { db, authenticators } = deps;
  const allowLoopback = deps.firebaseProjectId.startsWith('demo-');
  const api = app.withTypeProvider<JsonSchemaToTsProvider>();

  api.get('/v1/push/key', { schema: { response: { 200: pushKeyResponseSchema } } }, async () => {
    if (publicKey === null) throw new ApiFailure('push-unavailable');
    return { publicKey };
  });

  api.get(
    '/v1/push/devices',
    { onRequest: authenticators.standard, schema: { response } },
    async (request) => devicesAnswer(db, identityOf(request).uid),
  );

  api.post(
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

  api.delete(
    '/v1/push/devices/:id',
    { onRequest: authenticators.standard, schema: { params: pushDeviceParamsSchema, response } },
    async (request) => {
      const { uid } = identityOf(request);
      await removeDevice(db, uid, request.params.id);
      return devicesAnswer(db, uid);
    },
  );
}
