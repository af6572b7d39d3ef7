import type { FastifyBaseLogger } from 'fastify';
import type { PgBoss } from 'pg-boss';
import type { AlertMatch, PushPayload } from '../../contract';
import type { Database } from '../db/database';
import type { AlertEvents } from '../alerts/alertEvents';
import { readAlerts } from '../alerts/readAlerts';
import { readPlanRow } from '../plan/planStore';
import { withTimeLimit } from '../withTimeLimit';
import { alertPayload, digestPayload } from './pushPayload';
import { PushRefused, type PushSender } from './pushSender';
import {
  claimUnpushed,
  devicesOf,
  digestPushUids,
  forgetDevice,
  markDevicePushed,
} from './pushStore';

export interface PushAlertsOptions {
  readonly db: Database;
  readonly alertEvents: AlertEvents;
  readonly sender: PushSender;
  /** The app's address: notifications open `<siteUrl>/matches`. */
  readonly siteUrl: string;
  /** The app's job queue with schedules on, for the daily digest; null: none is scheduled. */
  readonly boss: PgBoss | null;
  readonly digestHourUtc: number;
  readonly log: FastifyBaseLogger;
}

export interface PushAlerts {
  /** Pushes the Free users' daily digests now, as the schedule does at the digest hour. */
  readonly runDigest: () => Promise<void>;
  readonly stopListening: () => void;
}

const DIGEST_QUEUE = 'push-digest-run';
/** Alerts older than this are no news: not put in a digest. */
const FRESH_MS = 24 * 60 * 60 * 1000;
const DIGEST_MAX_ALERTS = 50;
const START_TIME_LIMIT_MS = 60_000;

/**
 * Alerts pushed to the user's devices (Web Push): a Pro user's each at once, when the alert is
 * announced; a Free user's once a day as one notification. Each alert is claimed (marked pushed)
 * before it is sent, so of several backend processes that heard of it one sends it: at most once,
 * since a notification that came twice would be worse than the e-mail that backs it up.
 */
export async function startPushAlerts(options: PushAlertsOptions): Promise<PushAlerts> {
  const { db, sender, siteUrl, boss, log } = options;

  /** To every device of the user; one the push service forgot is removed. */
  const deliver = async (uid: string, payload: PushPayload, kind: string) => {
    const devices = await devicesOf(db, uid);
    await Promise.all(
      devices.map(async (device) => {
        try {
          if ((await sender.send(device, payload)) === 'gone') {
            await forgetDevice(db, device.id);
            log.info({ kind, uid, device: device.id }, 'push subscription gone; removed');
            return;
          }
          await markDevicePushed(db, device.id);
          log.info({ kind, uid, device: device.id }, 'alert pushed');
        } catch (error) {
          const status = error instanceof PushRefused ? error.status : null;
          const reason = error instanceof Error ? error.name : 'unknown';
          log.warn({ kind, uid, device: device.id, status, reason }, 'push failed');
        }
      }),
    );
    return devices.length;
  };

  const scored = async (uid: string, ids: readonly number[]): Promise<AlertMatch[]> =>
    ids.length === 0
      ? []
      : (await readAlerts(db, uid, { limit: ids.length, alertIds: ids })).alerts;

  const pushAtOnce = async (uid: string, alertIds: readonly number[]) => {
    if ((await readPlanRow(db, uid))?.plan !== 'pro') return;
    if ((await devicesOf(db, uid)).length === 0) return;
    const alerts = await scored(uid, await claimUnpushed(db, uid, { alertIds }));
    const now = Date.now();
    // Oldest first, so the newest notification is on top.
    for (const alert of [...alerts].reverse()) {
      await deliver(uid, alertPayload(alert, siteUrl, now), 'realtime');
    }
  };

  const runDigest = async () => {
    const since = new Date(Date.now() - FRESH_MS);
    const uids = await digestPushUids(db, since);
    for (const uid of uids) {
      const claimed = await claimUnpushed(db, uid, { since });
      const alerts = await scored(uid, claimed.slice(-DIGEST_MAX_ALERTS));
      if (alerts.length > 0) await deliver(uid, digestPayload(alerts, siteUrl), 'digest');
    }
    log.info({ users: uids.length }, 'push digest run');
  };

  if (boss !== null) {
    await withTimeLimit(
      (async () => {
        await boss.createQueue(DIGEST_QUEUE, {
          policy: 'stately',
          retryLimit: 3,
          retryDelay: 30,
          expireInSeconds: 5 * 60,
          deleteAfterSeconds: 24 * 60 * 60,
        });
        await boss.work(DIGEST_QUEUE, { pollingIntervalSeconds: 2 }, runDigest);
        await boss.schedule(DIGEST_QUEUE, `0 ${options.digestHourUtc} * * *`, null, { tz: 'UTC' });
      })(),
      START_TIME_LIMIT_MS,
      'Starting the push digest',
    );
  }

  const stopListening = options.alertEvents.subscribe(({ uid, alertIds }) => {
    pushAtOnce(uid, alertIds).catch((error: unknown) =>
      log.error({ err: error, uid }, 'pushing alerts failed'),
    );
  });
  log.info({ digest: boss !== null }, 'push notifications on');
  return { runDigest, stopListening };
}
