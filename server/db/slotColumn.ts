import { and, eq, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, smallint } from 'drizzle-orm/pg-core';
import type { ProfileSlot } from '../../contract';

/** Which of a user's alert profiles (with its CV) a row is: 1 to 3 (`PROFILE_SLOTS`). */
export const slot = () => smallint('slot').$type<ProfileSlot>().notNull().default(1);
export const slotInRange = (name: string, column: AnyPgColumn) =>
  check(name, sql`${column} between 1 and 3`);

/** The rows of one user's slot, in a table keyed by (uid, slot). */
export const inSlotOf = (
  table: { uid: AnyPgColumn; slot: AnyPgColumn },
  uid: string,
  slot: ProfileSlot,
) => and(eq(table.uid, uid), eq(table.slot, slot));
