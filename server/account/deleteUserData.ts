import { inArray, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/database';
import {
  alertEmailSettings,
  alerts,
  carryOvers,
  cvs,
  followedBoards,
  followModes,
  plans,
  processedWebhookEvents,
  profiles,
  pushSubscriptions,
} from '../db/schema';
import { dismissedSuggestions, hiddenCompanies, matchActions } from '../db/matchActionTables';

/**
 * Deletes every row that belongs to these users (profile, CV, carry-over records, plan, alerts,
 * followed companies, saved / applied / hidden jobs, hidden companies, dismissed suggestions, push devices).
 */
export async function deleteUserData(db: Database | Transaction, uids: string[]): Promise<number> {
  if (uids.length === 0) return 0;
  const removedProfiles = await db
    .delete(profiles)
    .where(inArray(profiles.uid, uids))
    .returning({ uid: profiles.uid });
  const removedCvs = await db.delete(cvs).where(inArray(cvs.uid, uids)).returning({ uid: cvs.uid });
  await db
    .delete(carryOvers)
    .where(or(inArray(carryOvers.accountUid, uids), inArray(carryOvers.guestUid, uids)));
  await db.delete(plans).where(inArray(plans.uid, uids));
  await db.delete(processedWebhookEvents).where(inArray(processedWebhookEvents.uid, uids));
  await db.delete(alerts).where(inArray(alerts.uid, uids));
  await db.delete(alertEmailSettings).where(inArray(alertEmailSettings.uid, uids));
  await db.delete(followedBoards).where(inArray(followedBoards.uid, uids));
  await db.delete(followModes).where(inArray(followModes.uid, uids));
  await db.delete(matchActions).where(inArray(matchActions.uid, uids));
  await db.delete(hiddenCompanies).where(inArray(hiddenCompanies.uid, uids));
  await db.delete(dismissedSuggestions).where(inArray(dismissedSuggestions.uid, uids));
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.uid, uids));
  return removedProfiles.length + removedCvs.length;
}
