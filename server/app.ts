import type { Writable } from 'node:stream';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { API_ERRORS, CV_MAX_BYTES, healthResponseSchema } from '../contract';
import { accountRoutes } from './account/accountRoutes';
import { startAlertEmails, type AlertEmails } from './alerts/alertEmails';
import { createAlertEvents, type AlertEvents } from './alerts/alertEvents';
import { alertRoutes } from './alerts/alertRoutes';
import { ApiFailure, apiErrorBody } from './apiFailure';
import { limitRefusedTokens } from './auth/addressLimit';
import { createAuthenticators } from './auth/authenticate';
import { createFirebaseAdmin, type IdentityAdmin } from './auth/identityAdmin';
import { createRevocations, type Revocations } from './auth/revocations';
import { carryOverRoutes } from './carryOver/carryOverRoutes';
import { cleanupGuests } from './cleanup';
import { everyHoursRule, scheduleGuestCleanup } from './cleanupSchedule';
import {
  assertAuthEmulatorMode,
  assertEmailSettings,
  assertWebhookSecret,
  type ServerConfig,
} from './config';
import { cvRoutes } from './cv/cvRoutes';
import {
  databaseLocationOf,
  openDatabase,
  type Database,
  type DatabaseLocation,
} from './db/database';
import { postgresRateLimitStore } from './db/rateLimitStore';
import { createMailer, type Mailer } from './email/mailer';
import { unsubscribeRoutes } from './email/unsubscribeRoutes';
import { apiErrorCodeOf } from './errorCodes';
import { boardsToPoll } from './follow/followedPolling';
import { followRoutes } from './follow/followRoutes';
import { errorForLog } from './http/errorForLog';
import { redactUrl } from './http/redactUrl';
import { requireRouteSchemas } from './http/requireRouteSchemas';
import { registerResponseHeaders } from './http/responseHeaders';
import { startJobQueue, type JobQueue } from './jobQueue';
import { startBoardPolling, type BoardPolling } from './jobs/poll/boardPolling';
import { BOARD_FETCHERS } from './jobs/sources/fetchBoard';
import { matchActionRoutes } from './matchActions/matchActionRoutes';
import { matchRoutes } from './matching/matchRoutes';
import { planRoutes } from './plan/planRoutes';
import { profileRoutes } from './profile/profileRoutes';
import { startPushAlerts, type PushAlerts } from './push/pushAlerts';
import { pushRoutes } from './push/pushRoutes';
import { createPushSender } from './push/pushSender';
import { vapidKeysOf } from './push/vapid';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's database (tests read it to prove what was or was not stored). */
    db: Database;
    /** The job-board polls, or null when JOB_BOARDS names none. */
    boardPolling: BoardPolling | null;
    /** New alerts, announced to this process's live streams and e-mail sender. */
    alertEvents: AlertEvents;
    /** The alert e-mails, or null without SMTP_URL. */
    alertEmails: AlertEmails | null;
    /** Alerts pushed to devices (Web Push), or null without VAPID keys. */
    pushAlerts: PushAlerts | null;
  }
}

export interface BuildAppOptions {
  config: ServerConfig;
  /** Defaults to DATABASE_URL's server, else PGlite in the configured data folder. */
  database?: DatabaseLocation;
  /** Defaults to the Firebase Admin SDK for the configured project. */
  admin?: IdentityAdmin;
  /** Where the JSON logs go (default stdout); `false` for none. */
  logStream?: Writable | false;
  /** How recent a sign-in account deletion needs, in seconds (default 5 minutes). */
  recentLoginSeconds?: number;
}

const JSON_BODY_LIMIT = 64 * 1024;

function loggerOptions(level: string, stream: Writable | false | undefined) {
  if (stream === false) return false;
  return {
    level,
    // The default request serializer logs no headers or bodies; this is a second line of defence.
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    // Fastify's request fields with secret-like query values left out of the URL; errors without
    // a database error's values (errorForLog).
    serializers: {
      err: errorForLog,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}

/** The underlying code of a refusal (Firebase's, Fastify's), never a message. */
function reasonCode(error: unknown): unknown {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return cause?.code ?? code;
}

/** Errors the router raises before any route runs, answered from the catalogue. */
function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code = apiErrorCodeOf(error);
  request.log.info({ code, reason: error.code }, 'request refused');
  void reply.status(API_ERRORS[code].status).send(apiErrorBody(code));
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  assertWebhookSecret(config);
  assertEmailSettings(config);
  assertAuthEmulatorMode(config);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // Every error is collected (bodies are small and bounded) so the most telling code is answered.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true } },
    // A path the router cannot decode (a malformed escape in a parameter) answers from the
    // catalogue too, not with Fastify's own body quoting the path.
    frameworkErrors: answerFrameworkError,
  });
  requireRouteSchemas(app);
  const database = await openDatabase(options.database ?? databaseLocationOf(config), app.log);
  const firebase = options.admin ? null : createFirebaseAdmin(config.firebaseProjectId);
  const admin = options.admin ?? firebase?.auth;
  if (!admin) throw new Error('No identity admin.');

  app.decorate('db', database.db);
  registerResponseHeaders(app);
  app.decorateRequest('identity', null);
  let alertEvents: AlertEvents | null = null;
  let revocations: Revocations | null = null;
  let queue: JobQueue | null = null;
  let boardPolling: BoardPolling | null = null;
  let alertEmails: AlertEmails | null = null;
  let mailer: Mailer | null = null;
  let pushAlerts: PushAlerts | null = null;
  app.addHook('onClose', async () => {
    alertEmails?.stopListening();
    pushAlerts?.stopListening();
    // The queue before the database: a running poll may still be storing, an e-mail being marked.
    await queue?.stop();
    await alertEvents?.close();
    await revocations?.close();
    mailer?.close();
    await database.close();
    await firebase?.close();
  });
  const { smtpUrl } = config;
  // The configured boards and every followed one; none: nothing is polled and no queue starts.
  const pollBoards = await boardsToPoll(database.db, config.jobBoards);
  const pollsOn = pollBoards.length > 0;
  if (smtpUrl === null) app.log.info('alert e-mails off: no SMTP_URL');
  const vapid = vapidKeysOf(config);
  if (vapid === null) app.log.info('push notifications off: no VAPID keys');
  try {
    const news = { db: database.db, connection: database.connection, log: app.log };
    alertEvents = await createAlertEvents(news);
    revocations = await createRevocations(news);
    const cleanupEveryHours = config.guestCleanupEveryHours;
    if (pollsOn || smtpUrl !== null || cleanupEveryHours !== null) {
      // One pg-boss for the polls, the e-mails and the clean-up (one schema check, supervisor, pool).
      queue = await startJobQueue({
        connection: database.connection,
        schedules: smtpUrl !== null || cleanupEveryHours !== null,
        log: app.log,
      });
    }
    if (queue !== null && cleanupEveryHours !== null) {
      const { guestMaxAgeDays } = config;
      await scheduleGuestCleanup({
        boss: queue.boss,
        cleanup: () => cleanupGuests({ db: database.db, admin, guestMaxAgeDays }),
        rule: everyHoursRule(cleanupEveryHours),
        log: app.log,
      });
    }
    if (queue !== null && pollsOn) {
      boardPolling = await startBoardPolling({
        boss: queue.boss,
        db: database.db,
        alertEvents,
        boards: pollBoards,
        fetchers: BOARD_FETCHERS,
        baseUrls: config.jobSourceUrls,
        intervalMs: config.jobPollIntervalSeconds * 1000,
        timeoutMs: config.jobBoardTimeoutMs,
        log: app.log,
      });
    }
    if (queue !== null && smtpUrl !== null) {
      mailer = createMailer(smtpUrl, config.mailFrom);
      alertEmails = await startAlertEmails({
        boss: queue.boss,
        db: database.db,
        admin,
        alertEvents,
        mailer,
        settings: config,
        log: app.log,
      });
    }
    if (vapid !== null) {
      pushAlerts = await startPushAlerts({
        db: database.db,
        alertEvents,
        sender: createPushSender(vapid),
        siteUrl: config.siteUrl,
        // The digest is scheduled where the queue runs schedules (it does in production).
        boss:
          queue !== null && (smtpUrl !== null || cleanupEveryHours !== null) ? queue.boss : null,
        digestHourUtc: config.alertDigestHourUtc,
        log: app.log,
      });
    }
  } catch (error) {
    await app.close();
    throw error;
  }
  app.decorate('alertEvents', alertEvents);
  app.decorate('boardPolling', boardPolling);
  app.decorate('alertEmails', alertEmails);
  app.decorate('pushAlerts', pushAlerts);

  app.setErrorHandler((error, request, reply) => {
    const code = apiErrorCodeOf(error);
    const { status } = API_ERRORS[code];
    if (status >= 500) request.log.error({ err: error, code }, 'request failed');
    // Only codes for refusals: parser and validation messages can quote the request body.
    else request.log.info({ code, reason: reasonCode(error) }, 'request refused');
    return reply.status(status).send(apiErrorBody(code));
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(apiErrorBody('not-found')));

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'PUT', 'POST', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // After authentication (onRequest), so a verified user is counted by uid wherever they connect from.
    hook: 'preHandler',
    keyGenerator: (request) =>
      request.identity ? `uid:${request.identity.uid}` : `ip:${normalizeIP(request.ip)}`,
    errorResponseBuilder: () => new ApiFailure('rate-limited'),
    // RATE_LIMIT_STORE=postgres: every process counts the same window (a query per count).
    ...(config.rateLimitStore === 'postgres' && database.driver === 'postgres'
      ? { store: postgresRateLimitStore(database.db, app.log) }
      : {}),
  });
  // Before authentication: an address that sent too many refused tokens is refused unread.
  const countRefusal = limitRefusedTokens(app, {
    max: config.refusedTokensPerMinute,
    timeWindowMs: 60_000,
  });
  await app.register(multipart, {
    limits: {
      fileSize: CV_MAX_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      fieldNameSize: 100,
      headerPairs: 50,
    },
  });

  const healthSchema = { response: { 200: healthResponseSchema } };
  app
    .withTypeProvider<JsonSchemaToTsProvider>()
    .get('/health', { schema: healthSchema }, async () => {
      await database.db.execute(sql`select 1`);
      return { status: 'ok' } as const;
    });

  const deps = {
    db: database.db,
    admin,
    authenticators: createAuthenticators({
      admin,
      projectId: config.firebaseProjectId,
      revocations,
      countRefusal,
    }),
    revocations,
    firebaseProjectId: config.firebaseProjectId,
    recentLoginSeconds: options.recentLoginSeconds ?? 300,
    stripeWebhookSecret: config.stripeWebhookSecret,
    alertEvents,
    digestHourUtc: config.alertDigestHourUtc,
  };
  await app.register(profileRoutes, { deps });
  await app.register(followRoutes, { deps, polling: boardPolling });
  await app.register(cvRoutes, { deps });
  await app.register(carryOverRoutes, { deps });
  await app.register(accountRoutes, { deps });
  await app.register(planRoutes, { deps });
  await app.register(matchRoutes, { deps });
  await app.register(matchActionRoutes, { deps });
  await app.register(alertRoutes, { deps });
  await app.register(pushRoutes, { deps, publicKey: vapid?.publicKey ?? null });
  await app.register(unsubscribeRoutes, { deps, tokenSecret: config.emailTokenSecret });
  return app;
}
