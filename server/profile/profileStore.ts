import { eq, sql } from 'drizzle-orm';
import type { AlertProfile, AlertProfileInput } from '../../src/backendApi';
import { cvTextOf, inTransaction, lockUserProfile, lookupColumns } from '../alerts/profileLookup';
import { isTransaction, type Database, type Transaction } from '../db/database';
import { preparedFor } from '../db/prepared';
import { profiles } from '../db/schema';

type ProfileRow = typeof profiles.$inferSelect;

export function toAlertProfile(row: ProfileRow): AlertProfile {
  return {
    targetRoles: row.targetRoles,
    skills: row.skills,
    where: {
      remoteUs: row.remoteUs,
      remoteWorldwide: row.remoteWorldwide,
      usStates: row.usStates,
      usCities: row.usCities,
    },
    seniority: row.seniority,
    minSalaryUsd: row.minSalaryUsd,
    needsVisaSponsorship: row.needsVisaSponsorship,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A profile as its row's columns (a bulk load uses them too: scripts/benchMatching.ts). */
export function toColumns(profile: AlertProfileInput) {
  return {
    targetRoles: profile.targetRoles,
    skills: profile.skills,
    remoteUs: profile.where.remoteUs,
    remoteWorldwide: profile.where.remoteWorldwide,
    usStates: profile.where.usStates,
    usCities: profile.where.usCities,
    seniority: profile.seniority,
    minSalaryUsd: profile.minSalaryUsd,
    needsVisaSponsorship: profile.needsVisaSponsorship,
    updatedAt: new Date(),
  };
}

const readProfileRow = preparedFor('read_profile', (db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.uid, sql.placeholder('uid'))),
);

/** The user's profile: a prepared statement on the database, a plain query in a transaction. */
export async function readProfile(
  db: Database | Transaction,
  uid: string,
): Promise<AlertProfile | null> {
  const [row] = isTransaction(db)
    ? await db.select().from(profiles).where(eq(profiles.uid, uid))
    : await readProfileRow(db).execute({ uid });
  return row ? toAlertProfile(row) : null;
}

export async function saveProfile(
  db: Database | Transaction,
  uid: string,
  profile: AlertProfileInput,
): Promise<AlertProfile> {
  const row = await inTransaction(db, async (tx) => {
    await lockUserProfile(tx, uid);
    const columns = { ...toColumns(profile), ...lookupColumns(profile, await cvTextOf(tx, uid)) };
    const [saved] = await tx
      .insert(profiles)
      .values({ uid, ...columns })
      .onConflictDoUpdate({ target: profiles.uid, set: columns })
      .returning();
    return saved;
  });
  if (!row) throw new Error('Saving the profile returned no row.');
  return toAlertProfile(row);
}
