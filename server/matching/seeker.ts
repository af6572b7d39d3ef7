import { eq } from 'drizzle-orm';
import type { AlertProfile, ProfileSlot } from '../../contract';
import { cvTextOf } from '../profile/profileLookup';
import type { Database } from '../db/database';
import { cvs } from '../db/schema';
import { readProfile, readProfiles } from '../profile/profileStore';
import { seekerSkills } from '../profile/seekerSkills';

/** What matching reads of one profile: the alert profile, and the skills of it and its slot's CV. */
export interface Seeker {
  readonly profile: AlertProfile;
  /** Canonical names, each once: the profile's, then the CV's not listed in the profile. */
  readonly skills: readonly string[];
}

/** The user's profile in this slot as matching sees it, or null without one (a CV alone is not enough). */
export async function readSeeker(
  db: Database,
  uid: string,
  slot: ProfileSlot,
): Promise<Seeker | null> {
  const [profile, cvText] = await Promise.all([
    readProfile(db, uid, slot),
    cvTextOf(db, uid, slot),
  ]);
  if (profile === null) return null;
  return { profile, skills: seekerSkills(profile.skills, cvText) };
}

/** Every profile the user saved as matching sees it, by slot. */
export async function readSeekers(db: Database, uid: string): Promise<Map<ProfileSlot, Seeker>> {
  const [profiles, cvRows] = await Promise.all([
    readProfiles(db, uid),
    db.select({ slot: cvs.slot, text: cvs.text }).from(cvs).where(eq(cvs.uid, uid)),
  ]);
  const cvTexts = new Map(cvRows.map((row) => [row.slot, row.text]));
  return new Map(
    [...profiles].map(([slot, profile]) => [
      slot,
      { profile, skills: seekerSkills(profile.skills, cvTexts.get(slot) ?? null) },
    ]),
  );
}
