import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { HideReason } from '../../contract';
import { slot, slotInRange } from './slotColumn';

/**
 * What a seeker did with a match, per profile: saved, applied (the day), hidden (the reason). A
 * hidden job is left out of the profile's matches and never alerts the user again.
 */
export const matchActions = pgTable(
  'match_actions',
  {
    uid: text('uid').notNull(),
    slot: slot(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    saved: boolean('saved').notNull().default(false),
    appliedOn: text('applied_on'),
    hidden: text('hidden').$type<HideReason>(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.slot, table.jobId] }),
    slotInRange('match_actions_slot_range', table.slot),
    // Alerting asks, per posting, who hid it.
    index('match_actions_hidden_job')
      .on(table.jobId)
      .where(sql`${table.hidden} is not null`),
  ],
);

/**
 * Companies a profile hides by rule: every job of one (listed now or posted later) is left out of
 * its matches and never alerts it. `company_key` is `companyKey` of the name (as SQL compares it).
 */
export const hiddenCompanies = pgTable(
  'hidden_companies',
  {
    uid: text('uid').notNull(),
    slot: slot(),
    companyKey: text('company_key').notNull(),
    company: text('company').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.slot, table.companyKey] }),
    slotInRange('hidden_companies_slot_range', table.slot),
  ],
);

/**
 * Suggestions a profile dismissed ("Not now"), by `suggestionKey`, with the hides they had then:
 * one comes back only when its hides grow past that.
 */
export const dismissedSuggestions = pgTable(
  'dismissed_suggestions',
  {
    uid: text('uid').notNull(),
    slot: slot(),
    key: text('key').notNull(),
    hides: integer('hides').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.slot, table.key] }),
    slotInRange('dismissed_suggestions_slot_range', table.slot),
  ],
);
