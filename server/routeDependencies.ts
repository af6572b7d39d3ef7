import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { AlertEvents } from './alerts/alertEvents';
import type { Authenticators } from './auth/authenticate';
import type { IdentityAdmin } from './auth/identityAdmin';
import type { Revocations } from './auth/revocations';
import type { Database } from './db/database';

/** What every group of routes is built from. */
export interface RouteDependencies {
  db: Database;
  admin: IdentityAdmin;
  authenticators: Authenticators;
  /** Users who are gone: recorded with their deletion, announced to this process's sessions. */
  revocations: Revocations;
  firebaseProjectId: string;
  /** How recent a sign-in must be for account deletion (seconds). */
  recentLoginSeconds: number;
  /** The Stripe webhook endpoint's signing secret. */
  stripeWebhookSecret: string;
  /** New alerts, announced in this process. */
  alertEvents: AlertEvents;
  /** The hour (UTC) daily digests are e-mailed at. */
  digestHourUtc: number;
}

/**
 * A domain's routes: an encapsulated Fastify plugin registered with `{ deps }` (and any options of
 * its own), whose handlers are typed from the contract's schemas.
 */
export type RoutePlugin<Options extends object = object> = FastifyPluginAsyncJsonSchemaToTs<{
  Options: { deps: RouteDependencies } & Options;
}>;
