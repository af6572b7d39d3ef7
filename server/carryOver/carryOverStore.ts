import { and, eq } from 'drizzle-orm';
import type { CarryOverMode, CarryOverResponse } from '../../contract';
import { refreshMatchSkills } from '../profile/profileLookup';
import { recordRevocation } from '../auth/revocations';
import type { Database, Transaction } from '../db/database';
import { carryOvers, cvs, profiles } from '../db/schema';
import { readProfile, saveProfile } from '../profile/profileStore';
import { carryPushDevices } from '../push/pushStore';
import { carryFollows } from './carryFollows';
import { carryMatchActions } from './carryMatchActions';
import { carryMatchRules } from './carryMatchRules';
import { mergeProfiles } from './mergeProfiles';

export interface CarryOverRecord extends CarryOverResponse {
  accountUid: string;
}

/** Another request recorded a carry-over for this guest first; read its record and answer that. */
export class CarryOverRaced extends Error {}

/** The completed carry-over for this guest uid, or for the guest ID token with this hash. */
export async function readCarryOver(
  db: Database,
  key: { guestUid: string } | { guestTokenSha256: string },
): Promise<CarryOverRecord | null> {
  const [row] = await db
    .select()
    .from(carryOvers)
    .where(
      'guestUid' in key
        ? eq(carryOvers.guestUid, key.guestUid)
        : eq(carryOvers.guestTokenSha256, key.guestTokenSha256),
    );
  if (!row) return null;
  return {
    accountUid: row.accountUid,
    mode: row.mode,
    carriedProfile: row.carriedProfile,
    carriedCv: row.carriedCv,
    completedAt: row.completedAt.toISOString(),
  };
}

/** A guest has only slot 1 (Free); it merges into, or replaces, the account's slot 1 alone. */
const GUEST_SLOT = 1;

async function carryProfile(
  tx: Transaction,
  guestUid: string,
  accountUid: string,
  mode: CarryOverMode,
) {
  const guest = await readProfile(tx, guestUid, GUEST_SLOT);
  if (guest === null || mode === 'leave') return false;
  const account = await readProfile(tx, accountUid, GUEST_SLOT);
  const carried = mode === 'merge' && account !== null ? mergeProfiles(account, guest) : guest;
  await saveProfile(tx, accountUid, GUEST_SLOT, carried);
  return true;
}

async function carryCv(tx: Transaction, guestUid: string, accountUid: string, mode: CarryOverMode) {
  const slotOf = (uid: string) => and(eq(cvs.uid, uid), eq(cvs.slot, GUEST_SLOT));
  const [guest] = await tx.select().from(cvs).where(slotOf(guestUid));
  if (guest === undefined || mode === 'leave') return false;
  if (mode === 'merge') {
    const [account] = await tx.select({ uid: cvs.uid }).from(cvs).where(slotOf(accountUid));
    if (account !== undefined) return false;
  }
  const columns = {
    fileName: guest.fileName,
    sizeBytes: guest.sizeBytes,
    mediaType: guest.mediaType,
    text: guest.text,
    proposals: guest.proposals,
    uploadedAt: guest.uploadedAt,
  };
  await tx
    .insert(cvs)
    .values({ uid: accountUid, slot: GUEST_SLOT, ...columns })
    .onConflictDoUpdate({ target: [cvs.uid, cvs.slot], set: columns });
  return true;
}

/**
 * In one transaction: record the carry-over (the guest uid and token hash are unique, so two
 * concurrent requests cannot both run), move or merge the guest's profile and CV into the account, delete the guest's
 * rows, record the guest as gone. Any failure rolls everything back: both copies stay as they were.
 */
export async function carryOverInTransaction(
  db: Database,
  guest: { uid: string; tokenSha256: string },
  accountUid: string,
  mode: CarryOverMode,
): Promise<CarryOverResponse> {
  const guestUid = guest.uid;
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(carryOvers)
      .values({
        guestUid,
        guestTokenSha256: guest.tokenSha256,
        accountUid,
        mode,
        carriedProfile: false,
        carriedCv: false,
      })
      .onConflictDoNothing()
      .returning({ completedAt: carryOvers.completedAt });
    const claim = claimed[0];
    if (claim === undefined) throw new CarryOverRaced();
    const carriedProfile = await carryProfile(tx, guestUid, accountUid, mode);
    const carriedCv = await carryCv(tx, guestUid, accountUid, mode);
    await carryFollows(tx, guestUid, accountUid, mode);
    await carryMatchActions(tx, guestUid, accountUid, mode);
    await carryMatchRules(tx, guestUid, accountUid, mode);
    await carryPushDevices(tx, guestUid, accountUid);
    // Every slot of the guest's (it only ever has slot 1).
    await tx.delete(profiles).where(eq(profiles.uid, guestUid));
    await tx.delete(cvs).where(eq(cvs.uid, guestUid));
    // The guest's work lives on in the account: its own tokens may no longer save or read any.
    await recordRevocation(tx, guestUid);
    // The account's profile joins the skills of the CV it has now.
    if (carriedCv) await refreshMatchSkills(tx, accountUid, GUEST_SLOT);
    await tx
      .update(carryOvers)
      .set({ carriedProfile, carriedCv })
      .where(eq(carryOvers.guestUid, guestUid));
    return { mode, carriedProfile, carriedCv, completedAt: claim.completedAt.toISOString() };
  });
}
