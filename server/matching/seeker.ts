import { eq } from 'drizzle-orm';
import type { AlertProfile } from '../../src/backendApi';
import type { Database } from '../db/database';
import { cvs } from '../db/schema';
import { readProfile } from '../profile/profileStore';
import { seekerSkills } from './seekerSkills';

/** What matching reads of a user: the alert profile, and the skills of the profile and the CV. */
export interface Seeker {
  readonly profile: AlertProfile;
  /** Canonical names, each once: the profile's, then the CV's not listed in the profile. */
  readonly skills: readonly string[];
}

/** The user as matching sees them, or null without a saved profile (a CV alone is not enough). */
export async function readSeeker(db: Database, uid: string): Promise<Seeker | null> {
  const [profile, cvRows] = await Promise.all([
    readProfile(db, uid),
    db.select({ text: cvs.text }).from(cvs).where(eq(cvs.uid, uid)),
  ]);
  if (profile === null) return null;
  return { profile, skills: seekerSkills(profile.skills, cvRows[0]?.text ?? null) };
}
