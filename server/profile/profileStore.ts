import { and, asc, eq, sql } from 'drizzle-orm';
import type { AlertProfile, AlertProfileInput, ProfileSlot } from '../../contract';
import { isTransaction, type Database, type Transaction } from '../db/database';
import { preparedFor } from '../db/prepared';
import { cvs, followedBoards, followModes, profiles } from '../db/schema';
import { inSlotOf } from '../db/slotColumn';
import { inTransaction, lockUserProfile } from '../db/transactions';
import { assertSlotAllowed } from '../plan/planLimits';
import { cvTextOf, lookupColumns } from './profileLookup';
import { toAlertProfile, toColumns } from './profileRow';

const inSlot = (uid: string, slot: ProfileSlot) => inSlotOf(profiles, uid, slot);

const readProfileRow = preparedFor('read_profile', (db) =>
  db
    .select()
    .from(profiles)
    .where(
      and(eq(profiles.uid, sql.placeholder('uid')), eq(profiles.slot, sql.placeholder('slot'))),
    ),
);

const readProfileRows = preparedFor('read_profiles', (db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.uid, sql.placeholder('uid')))
    .orderBy(asc(profiles.slot)),
);

/** The profile in the user's slot: a prepared statement on the database, a plain query in a transaction. */
export async function readProfile(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
): Promise<AlertProfile | null> {
  const [row] = isTransaction(db)
    ? await db.select().from(profiles).where(inSlot(uid, slot))
    : await readProfileRow(db).execute({ uid, slot });
  return row ? toAlertProfile(row) : null;
}

/** Every profile the user saved, by slot. */
export async function readProfiles(
  db: Database,
  uid: string,
): Promise<Map<ProfileSlot, AlertProfile>> {
  const rows = await readProfileRows(db).execute({ uid });
  return new Map(rows.map((row) => [row.slot, toAlertProfile(row)]));
}

export async function saveProfile(
  db: Database | Transaction,
  uid: string,
  slot: ProfileSlot,
  profile: AlertProfileInput,
): Promise<AlertProfile> {
  const row = await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    await assertSlotAllowed(tx, uid, slot, 'profiles');
    const columns = {
      ...toColumns(profile),
      ...lookupColumns(profile, await cvTextOf(tx, uid, slot)),
      active: true,
    };
    const [saved] = await tx
      .insert(profiles)
      .values({ uid, slot, ...columns })
      .onConflictDoUpdate({ target: [profiles.uid, profiles.slot], set: columns })
      .returning();
    return saved;
  });
  if (!row) throw new Error('Saving the profile returned no row.');
  return toAlertProfile(row);
}

/** Deletes the slot's profile, its CV and its followed companies; answers whether there was a profile or CV. */
export async function deleteProfile(
  db: Database,
  uid: string,
  slot: ProfileSlot,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockUserProfile(tx, uid);
    const removedProfiles = await tx
      .delete(profiles)
      .where(inSlot(uid, slot))
      .returning({ uid: profiles.uid });
    const removedCvs = await tx
      .delete(cvs)
      .where(inSlotOf(cvs, uid, slot))
      .returning({ uid: cvs.uid });
    // What the slot follows and how goes with it.
    await tx.delete(followedBoards).where(inSlotOf(followedBoards, uid, slot));
    await tx.delete(followModes).where(inSlotOf(followModes, uid, slot));
    return removedProfiles.length + removedCvs.length > 0;
  });
}
