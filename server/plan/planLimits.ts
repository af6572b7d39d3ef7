import { count, eq } from 'drizzle-orm';
import type { PlanLimits } from '../../src/backendApi';
import { ApiFailure } from '../apiFailure';
import type { Database } from '../db/database';
import { cvs, profiles } from '../db/schema';
import { limitsFor } from './planState';
import { readPlanRow } from './planStore';

export type LimitedKind = 'profiles' | 'cvs';

/**
 * Refuses a write that would leave the user more profiles (or CVs) than the plan allows. Today
 * each user has at most one of each (stored by uid), which a save replaces: the user holds
 * `max(stored, 1)` afterwards, within both plans' limits. Saving a second, separate profile or CV
 * (Pro's three) needs storage for several first.
 */
export function assertWithinLimit(kind: LimitedKind, stored: number, limits: PlanLimits): void {
  if (Math.max(stored, 1) > limits[kind]) throw new ApiFailure('plan-limit-reached');
}

/** The limit check of the routes that save a profile or a CV, with the user's stored plan. */
export async function assertRoomFor(db: Database, uid: string, kind: LimitedKind): Promise<void> {
  const table = kind === 'profiles' ? profiles : cvs;
  const [stored, plan] = await Promise.all([
    db.select({ stored: count() }).from(table).where(eq(table.uid, uid)),
    readPlanRow(db, uid),
  ]);
  assertWithinLimit(kind, stored[0]?.stored ?? 0, limitsFor(plan?.plan ?? 'free'));
}
