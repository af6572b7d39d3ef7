import { eq, sql } from 'drizzle-orm';
import type { AlertProfile, AlertProfileInput } from '../../src/backendApi';
import { cvTextOf, inTransaction, lockUserProfile, lookupColumns } from '../alerts/profileLookup';
import { isTransaction, type Database, type Transaction } from '../db/database';
import { preparedFor } from '../db/prepared';
import { profiles } from '../db/schema';
import { toAlertProfile, toColumns } from './profileRow';

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
