import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseConnection, Transaction } from '../db/database';
import type { ListenOptions } from '../db/notificationChannel';
import { openUserBroadcast, type UserBroadcast } from '../db/userBroadcast';

/** Alerts just stored for one user (ids of `alerts` rows), announced once their transaction committed. */
export interface AlertsCreated {
  readonly uid: string;
  readonly alertIds: readonly number[];
}

export type AlertsListener = (created: AlertsCreated) => void;

/**
 * Tells every backend process's listeners (the pages' live streams, the real-time e-mails) that
 * alerts were stored: the uid and the alert ids through PostgreSQL's LISTEN/NOTIFY
 * (`userBroadcast.ts`); listeners read the rows.
 */
export type AlertEvents = UserBroadcast<AlertsCreated>;

export const ALERTS_CHANNEL = 'applyfirst_alerts';
/** NOTIFY takes payloads under 8,000 bytes; larger announcements go out in parts. */
const IDS_PER_MESSAGE = 200;

function asAnnouncement(value: unknown): AlertsCreated | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uid, alertIds } = value as { uid?: unknown; alertIds?: unknown };
  if (typeof uid !== 'string' || !Array.isArray(alertIds)) return null;
  if (!alertIds.every((id) => Number.isSafeInteger(id))) return null;
  return { uid, alertIds: alertIds as number[] };
}

export interface AlertEventsOptions {
  db: Database;
  connection: DatabaseConnection;
  log: FastifyBaseLogger;
  listen?: ListenOptions;
}

export async function createAlertEvents(options: AlertEventsOptions): Promise<AlertEvents> {
  const broadcast = await openUserBroadcast({
    ...options,
    channel: ALERTS_CHANNEL,
    parse: asAnnouncement,
  });
  return {
    ...broadcast,
    async publish({ uid, alertIds }, within?: Transaction) {
      for (let start = 0; start < alertIds.length; start += IDS_PER_MESSAGE) {
        const part = { uid, alertIds: alertIds.slice(start, start + IDS_PER_MESSAGE) };
        await broadcast.publish(part, within);
      }
    },
  };
}
