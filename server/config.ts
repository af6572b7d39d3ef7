import type { BoardRef, JobSource } from './jobs/jobRecord';
import { boardRefsOf, loadDefaultBoards } from './jobs/boards/defaultBoards';
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
  /** Refused tokens a minute per IP address; beyond them every request from it is refused. */
  refusedTokensPerMinute: number;
  /**
   * Where the rate limits count: `memory` (each process its own, no query) or `postgres` (the
   * database of DATABASE_URL, shared by every process: a read and a write per request).
   */
  rateLimitStore: 'memory' | 'postgres';
  /** The Auth Emulator the Admin SDK talks to (FIREBASE_AUTH_EMULATOR_HOST), or null: Firebase. */
  authEmulatorHost: string | null;
  /** NODE_ENV is `production`. */
  production: boolean;
  /** Behind a proxy or load balancer (Cloud Run): take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  logLevel: string;
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`): only events signed with it count. */
  stripeWebhookSecret: string;
  /**
   * The job boards polled: JOB_BOARDS_FILE's list, or JOB_BOARDS; where unset in production, the default list
   * (server/jobs/boards/boards.json); none (JOB_BOARDS='' or unset in development): nothing is
   * polled and no queue starts.
   */
  jobBoards: BoardRef[];
  /** Each source's API base URL (the real one, or the stand-in's). */
  jobSourceUrls: Record<JobSource, string>;
  /** How long after a board answered it is read again. */
  jobPollIntervalSeconds: number;
  /** Time limit for reading one board, all its pages. */
  jobBoardTimeoutMs: number;
  /** The SMTP relay alert e-mails go through (`smtp://` or `smtps://`); null: none are sent. */
  smtpUrl: string | null;
  /** The From of every alert e-mail, e.g. `ApplyFirst <alerts@applyfirst.example>`. */
  mailFrom: string;
  /** Signs the unsubscribe links in e-mails (HMAC-SHA256): only links signed with it work. */
  emailTokenSecret: string;
  /** The app's address, for links in e-mails (`<siteUrl>/matches`). */
  siteUrl: string;
  /** This backend's public address, for the unsubscribe links in e-mails. */
  publicBackendUrl: string;
  /** The hour (UTC, 0-23) the Free plan's daily digest goes out. */
  alertDigestHourUtc: number;
  /** The first wait before a failed e-mail is tried again; it doubles up to 16 minutes. */
  emailRetryDelaySeconds: number;
  /**
   * The VAPID key pair push messages are signed with (base64url, as `web-push generate-vapid-keys`
   * prints them); null: a `demo-` project derives one, a real project sends no push messages.
   */
  vapidPublicKey: string | null;
  vapidPrivateKey: string | null;
  /** Who push services may contact about this sender: a `mailto:` or `https:` URL. */
  vapidSubject: string;
}

/**
 * The embedded webhook secret: a development value, known to anyone who reads this file, so
 * events signed with it are only trusted with a `demo-` project (the Auth Emulator).
 */
export const DEV_STRIPE_WEBHOOK_SECRET = 'whsec_test_applyfirst_dev';

/**
 * The embedded unsubscribe-link secret: a development value, so links signed with it are only
 * trusted with a `demo-` project. With a real project anyone could unsubscribe anyone.
 */
export const DEV_EMAIL_TOKEN_SECRET = 'applyfirst-dev-email-token-secret';

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

function hourOfDay(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 23) {
    throw new Error(`${name} must be an hour from 0 to 23, got "${raw}".`);
  }
  return value;
}

function rateLimitStoreOf(env: Env): ServerConfig['rateLimitStore'] {
  const raw = env.RATE_LIMIT_STORE?.trim() || 'memory';
  if (raw === 'memory') return raw;
  if (raw !== 'postgres') {
    throw new Error(`RATE_LIMIT_STORE must be memory or postgres, got "${raw}".`);
  }
  if (!env.DATABASE_URL?.trim()) throw new Error('RATE_LIMIT_STORE=postgres needs DATABASE_URL.');
  return raw;
}

/**
 * Production polls the default list unless JOB_BOARDS says otherwise; development and tests poll
 * only what they name, so nothing reaches the real APIs unasked. JOB_BOARDS_FILE names a list in
 * the default list's format instead, for lists too long for one environment variable.
 */
function jobBoardsOf(env: Env): BoardRef[] {
  const file = env.JOB_BOARDS_FILE?.trim();
  if (file) {
    if (env.JOB_BOARDS !== undefined)
      throw new Error('Set JOB_BOARDS_FILE or JOB_BOARDS, not both.');
    try {
      return boardRefsOf(loadDefaultBoards(file));
    } catch (error) {
      throw new Error(`JOB_BOARDS_FILE: cannot read ${file}`, { cause: error });
    }
  }
  if (env.JOB_BOARDS === undefined && env.NODE_ENV?.trim() === 'production') {
    return boardRefsOf(loadDefaultBoards());
  }
  return parseJobBoards(env.JOB_BOARDS ?? '');
}

/** Both VAPID keys or neither; a subject push services accept. */
function vapidOf(env: Env) {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim() || null;
  const privateKey = env.VAPID_PRIVATE_KEY?.trim() || null;
  if ((publicKey === null) !== (privateKey === null)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all.');
  }
  const subject = text(env, 'VAPID_SUBJECT', 'mailto:alerts@applyfirst.example');
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}".`);
  }
  return { vapidPublicKey: publicKey, vapidPrivateKey: privateKey, vapidSubject: subject };
}

/** An address without its trailing slash, so paths can be appended. */
function baseUrl(env: Env, name: string, fallback: string): string {
  return text(env, name, fallback).replace(/\/+$/, '');
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
    refusedTokensPerMinute: positiveInteger(env, 'REFUSED_TOKENS_PER_MINUTE', 30),
    rateLimitStore: rateLimitStoreOf(env),
    authEmulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || null,
    production: env.NODE_ENV?.trim() === 'production',
    trustProxy: env.TRUST_PROXY?.trim() === 'true',
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    stripeWebhookSecret: text(env, 'STRIPE_WEBHOOK_SECRET', DEV_STRIPE_WEBHOOK_SECRET),
    jobBoards: jobBoardsOf(env),
    jobSourceUrls: sourceBaseUrls(env),
    jobPollIntervalSeconds: positiveInteger(env, 'JOB_POLL_INTERVAL_SECONDS', 60),
    jobBoardTimeoutMs: positiveInteger(env, 'JOB_BOARD_TIMEOUT_SECONDS', 20) * 1000,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: text(env, 'MAIL_FROM', 'ApplyFirst <alerts@applyfirst.example>'),
    emailTokenSecret: text(env, 'EMAIL_TOKEN_SECRET', DEV_EMAIL_TOKEN_SECRET),
    siteUrl: baseUrl(env, 'SITE_URL', 'http://127.0.0.1:5173'),
    publicBackendUrl: baseUrl(env, 'PUBLIC_BACKEND_URL', 'http://127.0.0.1:8080'),
    alertDigestHourUtc: hourOfDay(env, 'ALERT_DIGEST_HOUR_UTC', 13),
    emailRetryDelaySeconds: positiveInteger(env, 'EMAIL_RETRY_DELAY_SECONDS', 30),
    ...vapidOf(env),
  };
}

/**
 * Throws when the Auth Emulator is set outside development: the Admin SDK then accepts unsigned
 * tokens, so anyone could sign in as anyone. Only a `demo-` project (which has no real users) may
 * use it, and never with NODE_ENV=production.
 */
export function assertAuthEmulatorMode(config: ServerConfig): void {
  if (config.authEmulatorHost === null) return;
  const demo = config.firebaseProjectId.startsWith('demo-');
  if (demo && !config.production) return;
  const reason = demo
    ? 'NODE_ENV is production'
    : `FIREBASE_PROJECT_ID=${config.firebaseProjectId} is not a demo- project`;
  throw new Error(
    `FIREBASE_AUTH_EMULATOR_HOST is set but ${reason}: with the Auth Emulator the backend accepts ` +
      'unsigned tokens. Unset it, or use a demo- project outside production.',
  );
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

/**
 * Throws when a real (not `demo-`) project would sign unsubscribe links with the embedded secret
 * (anyone could forge them), or would send e-mails whose links lead to the development addresses.
 */
export function assertEmailSettings(config: ServerConfig): void {
  if (config.firebaseProjectId.startsWith('demo-')) return;
  const defaults = readServerConfig({});
  const missing = [
    config.emailTokenSecret === DEV_EMAIL_TOKEN_SECRET ? 'EMAIL_TOKEN_SECRET' : null,
    config.smtpUrl !== null && config.siteUrl === defaults.siteUrl ? 'SITE_URL' : null,
    config.smtpUrl !== null && config.publicBackendUrl === defaults.publicBackendUrl
      ? 'PUBLIC_BACKEND_URL'
      : null,
  ].filter((name) => name !== null);
  if (missing.length === 0) return;
  throw new Error(
    `FIREBASE_PROJECT_ID=${config.firebaseProjectId} needs ${missing.join(', ')}: the embedded ` +
      'values are for development (see README, "Alert e-mails").',
  );
}
