import type { FastifyBaseLogger } from 'fastify';
import type { Job, PgBoss } from 'pg-boss';
import type { IdentityAdmin } from '../auth/identityAdmin';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { isUnsubscribed } from '../email/emailSettingsStore';
import { mailFailureOf, type Mailer } from '../email/mailer';
import { unsubscribeUrl } from '../email/unsubscribeToken';
import { MAX_BACKOFF_MS } from '../jobs/backoff';
import { readPlanRow } from '../plan/planStore';
import { withTimeLimit } from '../withTimeLimit';
import { digestMail, realtimeAlertMail, type AlertMailLinks } from './alertEmailContent';
import {
  ALERT_EMAIL_QUEUES as QUEUES,
  isDigestJobData,
  isRealtimeJobData,
  type DigestJobData,
  type RealtimeJobData,
} from './alertEmailJobs';
import { verifiedAddresses } from './alertEmailRecipients';
import {
  lastDigestAt,
  markEmailed,
  recordDigest,
  uidsWithUnsentAlerts,
  unsentAlertIds,
} from './alertEmailStore';
import type { AlertEvents } from './alertEvents';
import { readAlerts } from './readAlerts';

export type AlertEmailSettings = Pick<
  ServerConfig,
  | 'emailTokenSecret'
  | 'siteUrl'
  | 'publicBackendUrl'
  | 'alertDigestHourUtc'
  | 'emailRetryDelaySeconds'
>;

export interface AlertEmailsOptions {
  /** The app's started job queue (`startJobQueue`, with schedules on); it stops the sends. */
  readonly boss: PgBoss;
  readonly db: Database;
  readonly admin: IdentityAdmin;
  readonly alertEvents: AlertEvents;
  readonly mailer: Mailer;
  readonly settings: AlertEmailSettings;
  readonly log: FastifyBaseLogger;
}

export interface AlertEmails {
  /** Starts the daily digest now, as the schedule does at the digest hour. */
  readonly runDigest: () => Promise<void>;
  /** Queues real-time e-mails for every Pro user with unsent alerts, as the schedule does. */
  readonly sweep: () => Promise<void>;
  /** Stops queueing e-mails for new alerts (before the job queue stops; the sweep catches up). */
  readonly stopListening: () => void;
}

const HOUR_MS = 60 * 60 * 1000;
/** Alerts older than this are no news: neither sent alone nor put in a digest. */
const FRESH_MS = 24 * HOUR_MS;
/** A digest within this long before a run counts as that day's (a restart or a second run). */
const DIGEST_MIN_GAP_MS = 20 * HOUR_MS;
/** Read at a time by a real-time job, which reads again until none are left, up to its limit. */
const REALTIME_BATCH = 10;
/** Each send has a 60 s limit; more alerts than this wait for the next job (the sweep queues it). */
const REALTIME_JOB_LIMIT = 20;
const DIGEST_MAX_ALERTS = 50;
/** With the back-off doubling up to 16 minutes, about 13 hours of tries before giving up. */
const RETRY_LIMIT = 50;
const START_TIME_LIMIT_MS = 60_000;

const sendingQueue = (retryDelaySeconds: number) => ({
  // One job per user, queued, waiting to retry or running: never two sends for a user at once,
  // and an event while one is running is dropped (that job reads the unsent alerts again at its end).
  policy: 'exclusive' as const,
  retryLimit: RETRY_LIMIT,
  retryDelay: retryDelaySeconds,
  retryBackoff: true,
  retryDelayMax: MAX_BACKOFF_MS / 1000,
  expireInSeconds: 30 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
});

const planningQueue = {
  policy: 'stately' as const,
  retryLimit: 3,
  retryDelay: 30,
  expireInSeconds: 5 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
};

/**
 * Alert e-mails through pg-boss: a Pro user's new alerts each go out within seconds (the alert
 * event queues a job; a sweep every minute and at start queues any still unsent, so a restart or a
 * lost event only delays them); a Free user's go out once a day in a digest. Each job checks the
 * recipient again before sending: a registered user with a verified address, not unsubscribed.
 *
 * Delivery is at least once: an alert is marked e-mailed after the relay accepted it, so a crash
 * in between sends it again, while a failed send leaves it unsent and the queue retries with
 * back-off. A second e-mail about a job is a small nuisance; a lost one costs the person the
 * head start they pay for.
 */
export async function startAlertEmails(options: AlertEmailsOptions): Promise<AlertEmails> {
  const { boss, db, admin, mailer, settings, log } = options;

  const linksFor = (uid: string): AlertMailLinks => ({
    matchesUrl: `${settings.siteUrl}/matches`,
    unsubscribeUrl: unsubscribeUrl(settings.publicBackendUrl, settings.emailTokenSecret, uid),
  });

  /** The user's address when they may get alert e-mails now, else null (and why, logged). */
  const recipient = async (uid: string, kind: string): Promise<string | null> => {
    const to = (await verifiedAddresses(admin, [uid])).get(uid);
    const why =
      to === undefined
        ? 'not a registered user with a verified address'
        : (await isUnsubscribed(db, uid))
          ? 'unsubscribed'
          : null;
    if (why === null) return to ?? null;
    log.debug({ kind, uid, why }, 'alert e-mail not sent');
    return null;
  };

  const isPro = async (uid: string) => (await readPlanRow(db, uid))?.plan === 'pro';

  const sendRealtime = async ({ uid }: RealtimeJobData) => {
    if (!(await isPro(uid))) return;
    const to = await recipient(uid, 'realtime');
    if (to === null) return;
    for (let sent = 0; sent < REALTIME_JOB_LIMIT;) {
      const ids = await unsentAlertIds(db, uid, new Date(Date.now() - FRESH_MS), REALTIME_BATCH);
      if (ids.length === 0) return;
      const { alerts } = await readAlerts(db, uid, { limit: ids.length, alertIds: ids });
      // Without a profile nothing can be scored: they stay unsent.
      if (alerts.length === 0) return;
      // Oldest first, each marked as soon as the relay took it.
      for (const alert of [...alerts].reverse()) {
        await mailer.send(realtimeAlertMail(to, alert, linksFor(uid)));
        await markEmailed(db, [alert.alertId]);
        log.info({ kind: 'realtime', uid, alertId: alert.alertId }, 'alert e-mailed');
        sent += 1;
      }
    }
  };

  const sendDigest = async ({ uid, runAt }: DigestJobData) => {
    const run = Date.parse(runAt);
    if (await isPro(uid)) return;
    const last = await lastDigestAt(db, uid);
    if (last !== null && last.getTime() > run - DIGEST_MIN_GAP_MS) return;
    const to = await recipient(uid, 'digest');
    if (to === null) return;
    const ids = await unsentAlertIds(db, uid, new Date(run - FRESH_MS), DIGEST_MAX_ALERTS);
    if (ids.length === 0) return;
    const { alerts } = await readAlerts(db, uid, { limit: ids.length, alertIds: ids });
    if (alerts.length === 0) return;
    await mailer.send(digestMail(to, alerts, linksFor(uid)));
    await recordDigest(
      db,
      uid,
      alerts.map((alert) => alert.alertId),
    );
    log.info({ kind: 'digest', uid, alerts: alerts.length }, 'alert digest e-mailed');
  };

  /** Runs a send; a failure is logged (codes only) and thrown, so pg-boss retries with back-off. */
  const sending =
    <T extends { uid: string }>(
      kind: 'realtime' | 'digest',
      isData: (value: unknown) => value is T,
      send: (data: T) => Promise<void>,
    ) =>
    async ([job]: Job<T>[]) => {
      if (job === undefined) return;
      if (!isData(job.data)) {
        log.error({ kind, jobId: job.id }, 'alert e-mail: unreadable job data; dropped');
        return;
      }
      try {
        await send(job.data);
      } catch (error) {
        const retriesLeft = RETRY_LIMIT - job.retryCount;
        const line = {
          kind,
          jobId: job.id,
          uid: job.data.uid,
          attempt: job.retryCount + 1,
          retriesLeft,
          ...mailFailureOf(error),
        };
        if (retriesLeft > 0) log.warn(line, 'alert e-mail failed; the queue tries again later');
        else log.error(line, 'alert e-mail failed; no tries left (unsent alerts stay unsent)');
        throw error;
      }
    };

  /** Queues one job per user who may get e-mail; returns how many were queued. */
  const queueFor = async (
    queue: string,
    uids: readonly string[],
    data: (uid: string) => object,
  ) => {
    const addresses = await verifiedAddresses(admin, uids);
    let queued = 0;
    for (const uid of uids) {
      if (!addresses.has(uid)) continue;
      if ((await boss.send(queue, data(uid), { singletonKey: uid })) !== null) queued += 1;
    }
    return queued;
  };

  const sweepNow = async () => {
    const now = Date.now();
    const uids = await uidsWithUnsentAlerts(db, 'pro', new Date(now - FRESH_MS), new Date(now));
    const queued = await queueFor(QUEUES.realtime, uids, (uid) => ({ uid }));
    if (queued > 0) log.info({ queued }, 'alert e-mail sweep queued unsent alerts');
  };

  const digestRun = async () => {
    const runAt = new Date();
    const run = runAt.getTime();
    const uids = await uidsWithUnsentAlerts(
      db,
      'free',
      new Date(run - FRESH_MS),
      new Date(run - DIGEST_MIN_GAP_MS),
    );
    const queued = await queueFor(QUEUES.digest, uids, (uid) => ({
      uid,
      runAt: runAt.toISOString(),
    }));
    log.info({ candidates: uids.length, queued }, 'alert digest run');
  };

  let realtimeWorker = '';
  const queueRealtime = async (uid: string) => {
    // Free users' alerts wait for the digest: no job for them.
    if (!(await isPro(uid))) return;
    await boss.send(QUEUES.realtime, { uid }, { singletonKey: uid });
    boss.notifyWorker(realtimeWorker);
  };

  await withTimeLimit(
    (async () => {
      const { policy, ...sendOptions } = sendingQueue(settings.emailRetryDelaySeconds);
      for (const queue of [QUEUES.realtime, QUEUES.digest]) {
        await boss.createQueue(queue, { policy, ...sendOptions });
        // A queue made by an earlier start keeps its options: these settings apply from now on.
        await boss.updateQueue(queue, sendOptions);
      }
      await boss.createQueue(QUEUES.sweep, planningQueue);
      await boss.createQueue(QUEUES.digestRun, planningQueue);
      realtimeWorker = await boss.work<RealtimeJobData>(
        QUEUES.realtime,
        { pollingIntervalSeconds: 2, localConcurrency: 2 },
        sending('realtime', isRealtimeJobData, sendRealtime),
      );
      await boss.work<DigestJobData>(
        QUEUES.digest,
        { pollingIntervalSeconds: 2, localConcurrency: 2 },
        sending('digest', isDigestJobData, sendDigest),
      );
      await boss.work(QUEUES.sweep, { pollingIntervalSeconds: 2 }, sweepNow);
      await boss.work(QUEUES.digestRun, { pollingIntervalSeconds: 2 }, digestRun);
      await boss.schedule(QUEUES.sweep, '* * * * *');
      await boss.schedule(QUEUES.digestRun, `0 ${settings.alertDigestHourUtc} * * *`, null, {
        tz: 'UTC',
      });
      // Whatever a previous run left unsent goes out now, not at the next sweep.
      await boss.send(QUEUES.sweep, {});
    })(),
    START_TIME_LIMIT_MS,
    'Starting the alert e-mails',
  );

  const stopListening = options.alertEvents.subscribe(({ uid }) => {
    queueRealtime(uid).catch((error: unknown) =>
      // The sweep queues it within a minute.
      log.error({ err: error, uid }, 'alert e-mail: queueing failed; the sweep will'),
    );
  });
  log.info({ digestHourUtc: settings.alertDigestHourUtc }, 'alert e-mails on');

  return {
    runDigest: async () => {
      await boss.send(QUEUES.digestRun, {});
    },
    sweep: async () => {
      await boss.send(QUEUES.sweep, {});
    },
    stopListening,
  };
}
