/**
 * `npm run cleanup:guests`: deletes anonymous users idle longer than GUEST_MAX_AGE_DAYS with their
 * data, rows whose uid has no Firebase user (orphans, e.g. left by an account deletion whose
 * commit failed after the user was gone), carry-over records older than a day (a retry needs
 * the guest's ID token, which lives an hour), and the ids of payment events older than 30 days.
 */
import { pathToFileURL } from 'node:url';
import { lt } from 'drizzle-orm';
import type { UserRecord } from 'firebase-admin/auth';
import { deleteUserData } from './account/deleteUserData';
import { createFirebaseAdmin, isAnonymousUser, type IdentityAdmin } from './auth/identityAdmin';
import { readServerConfig } from './config';
import { databaseLocationOf, openDatabase, type Database } from './db/database';
import {
  carryOvers,
  cvs,
  followedBoards,
  plans,
  processedWebhookEvents,
  profiles,
} from './db/schema';
import { hiddenCompanies, matchActions } from './db/matchActionTables';
import { withTimeLimit } from './withTimeLimit';

export interface CleanupCounts {
  guestsDeleted: number;
  orphanUidsDeleted: number;
  carryOverRecordsDeleted: number;
  webhookEventsDeleted: number;
}

export interface CleanupOptions {
  db: Database;
  admin: IdentityAdmin;
  guestMaxAgeDays: number;
  now?: Date;
}

const ADMIN_CALL_LIMIT_MS = 30_000;
const LIST_PAGE = 1000;
const LOOKUP_BATCH = 100;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Stripe resends an event for up to 3 days: its id is kept well beyond, for replay protection. */
const WEBHOOK_EVENT_DAYS = 30;

function lastActivity(user: UserRecord): number {
  const { creationTime, lastSignInTime, lastRefreshTime } = user.metadata;
  return Math.max(
    ...[creationTime, lastSignInTime, lastRefreshTime ?? undefined]
      .map((time) => (time ? Date.parse(time) : 0))
      .filter((time) => Number.isFinite(time)),
  );
}

async function deleteIdleGuests(options: CleanupOptions, now: number): Promise<number> {
  const cutoff = now - options.guestMaxAgeDays * DAY_MS;
  let deleted = 0;
  let pageToken: string | undefined;
  do {
    const page = await withTimeLimit(
      options.admin.listUsers(LIST_PAGE, pageToken),
      ADMIN_CALL_LIMIT_MS,
      'Listing users',
    );
    const idle = page.users.filter((user) => isAnonymousUser(user) && lastActivity(user) < cutoff);
    const uids = idle.map((user) => user.uid);
    if (uids.length > 0) {
      // Data first: if deleting the users then fails, they are empty guests the next run retries.
      await deleteUserData(options.db, uids);
      const result = await withTimeLimit(
        options.admin.deleteUsers(uids),
        ADMIN_CALL_LIMIT_MS,
        'Deleting users',
      );
      deleted += result.successCount;
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return deleted;
}

async function deleteOrphans(options: CleanupOptions): Promise<number> {
  const { db, admin } = options;
  const rows = [
    ...(await db.selectDistinct({ uid: profiles.uid }).from(profiles)),
    ...(await db.selectDistinct({ uid: cvs.uid }).from(cvs)),
    ...(await db.selectDistinct({ uid: carryOvers.accountUid }).from(carryOvers)),
    ...(await db.select({ uid: plans.uid }).from(plans)),
    ...(await db.selectDistinct({ uid: followedBoards.uid }).from(followedBoards)),
    ...(await db.selectDistinct({ uid: matchActions.uid }).from(matchActions)),
    ...(await db.selectDistinct({ uid: hiddenCompanies.uid }).from(hiddenCompanies)),
  ];
  const uids = [...new Set(rows.map((row) => row.uid))];
  const orphans: string[] = [];
  for (let start = 0; start < uids.length; start += LOOKUP_BATCH) {
    const batch = uids.slice(start, start + LOOKUP_BATCH);
    const { notFound } = await withTimeLimit(
      admin.getUsers(batch.map((uid) => ({ uid }))),
      ADMIN_CALL_LIMIT_MS,
      'Looking users up',
    );
    for (const identifier of notFound) {
      if ('uid' in identifier && identifier.uid) orphans.push(identifier.uid);
    }
  }
  await deleteUserData(db, orphans);
  return orphans.length;
}

export async function cleanupGuests(options: CleanupOptions): Promise<CleanupCounts> {
  const now = (options.now ?? new Date()).getTime();
  const guestsDeleted = await deleteIdleGuests(options, now);
  const orphanUidsDeleted = await deleteOrphans(options);
  const expired = await options.db
    .delete(carryOvers)
    .where(lt(carryOvers.completedAt, new Date(now - DAY_MS)))
    .returning({ guestUid: carryOvers.guestUid });
  const oldEvents = await options.db
    .delete(processedWebhookEvents)
    .where(lt(processedWebhookEvents.processedAt, new Date(now - WEBHOOK_EVENT_DAYS * DAY_MS)))
    .returning({ eventId: processedWebhookEvents.eventId });
  return {
    guestsDeleted,
    orphanUidsDeleted,
    carryOverRecordsDeleted: expired.length,
    webhookEventsDeleted: oldEvents.length,
  };
}

async function main(): Promise<void> {
  const config = readServerConfig();
  const database = await openDatabase(databaseLocationOf(config));
  const firebase = createFirebaseAdmin(config.firebaseProjectId);
  try {
    const counts = await cleanupGuests({
      db: database.db,
      admin: firebase.auth,
      guestMaxAgeDays: config.guestMaxAgeDays,
    });
    console.log(
      `Deleted ${counts.guestsDeleted} idle guest(s), the data of ${counts.orphanUidsDeleted} ` +
        `user(s) that no longer exist, ${counts.carryOverRecordsDeleted} old carry-over record(s) ` +
        `and ${counts.webhookEventsDeleted} old payment event id(s).`,
    );
  } finally {
    await database.close();
    await firebase.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error('Guest clean-up failed:', error);
    process.exitCode = 1;
  });
}
