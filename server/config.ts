import type { BoardRef, JobSource } from './jobs/jobRecord';
import { parseJobBoards, sourceBaseUrls } from './jobs/settings';

/** The backend's settings from the environment, with embedded defaults for local development. */
export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL server's URL, or null for embedded PGlite in `pgliteDataDir`. */
  databaseUrl: string | null;
  pgliteDataDir: string;
  corsOrigins: string[];
  firebaseProjectId: string;
  guestMaxAgeDays: number;
  /** How often the backend runs the guest clean-up itself; null when something else schedules it. */
  guestCleanupEveryHours: number | null;
  /** Requests a minute per user (or per IP address when there is no verified user). */
  rateLimitPerMinute: number;
  /** Behind a proxy or load balancer (Cloud Run): take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`): only events signed with it count. */
  stripeWebhookSecret: string;
  /** The job boards polled (JOB_BOARDS); none: nothing is polled and no queue starts. */
  jobBoards: BoardRef[];
  /** Each source's API base URL (the real one, or the stand-in's). */
  jobSourceUrls: Record<JobSource, string>;
  /** How long after a board answered it is read again. */
  jobPollIntervalSeconds: number;
  /** Time limit for reading one board, all its pages. */
  jobBoardTimeoutMs: number;
}

/**
 * The embedded webhook secret: a development value, known to anyone who reads this file, so
 * events signed with it are only trusted with a `demo-` project (the Auth Emulator).
 */
export const DEV_STRIPE_WEBHOOK_SECRET = 'whsec_test_applyfirst_dev';

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}".`);
  }
  return value;
}

/** A positive whole number, or null for `off`. */
function hoursOrOff(env: Env, name: string, fallback: number): number | null {
  return env[name]?.trim() === 'off' ? null : positiveInteger(env, name, fallback);
}

export function readServerConfig(env: Env = process.env): ServerConfig {
  return {
    port: positiveInteger(env, 'PORT', 8080),
    host: text(env, 'HOST', '127.0.0.1'),
    databaseUrl: env.DATABASE_URL?.trim() || null,
    pgliteDataDir: text(env, 'PGLITE_DATA_DIR', '.data/pglite'),
    corsOrigins: text(env, 'CORS_ORIGINS', 'http://127.0.0.1:5173,http://127.0.0.1:4173')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    firebaseProjectId: text(env, 'FIREBASE_PROJECT_ID', 'demo-applyfirst'),
    guestMaxAgeDays: positiveInteger(env, 'GUEST_MAX_AGE_DAYS', 30),
    guestCleanupEveryHours: hoursOrOff(env, 'GUEST_CLEANUP_EVERY_HOURS', 24),
    rateLimitPerMinute: positiveInteger(env, 'RATE_LIMIT_PER_MINUTE', 300),
    trustProxy: env.TRUST_PROXY?.trim() === 'true',
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    stripeWebhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET', DEV_STRIPE_WEBHOOK_SECRET),
    jobBoards: parseJobBoards(env.JOB_BOARDS ?? ''),
    jobSourceUrls: sourceBaseUrls(env),
    jobPollIntervalSeconds: positiveInteger(env, 'JOB_POLL_INTERVAL_SECONDS', 60),
    jobBoardTimeoutMs: positiveInteger(env, 'JOB_BOARD_TIMEOUT_SECONDS', 20) * 1000,
  };
}

/**
 * Throws when a real (not `demo-`) project would trust the embedded webhook secret: anyone could
 * sign events with it and give themselves Pro.
 */
export function assertWebhookSecret(config: ServerConfig): void {
  if (config.firebaseProjectId.startsWith('demo-')) return;
  if (config.stripeWebhookSecret !== DEV_STRIPE_WEBHOOK_SECRET) return;
  throw new Error(
    `FIREBASE_PROJECT_ID=${config.firebaseProjectId} needs STRIPE_WEBHOOK_SECRET: the embedded ` +
      'one is a development value (see README, "Payments").',
  );
}
