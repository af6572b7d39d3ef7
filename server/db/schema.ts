import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  CarryOverMode,
  CvMediaType,
  PlanName,
  Seniority,
  SubscriptionStatus,
  UsCity,
  UsStateCode,
} from '../../src/backendApi';

/** One alert profile per user (Free plan). Keyed by uid: linking a guest keeps its rows. */
export const profiles = pgTable(
  'profiles',
  {
    uid: text('uid').primaryKey(),
    targetRoles: text('target_roles').array().notNull(),
    skills: text('skills').array().notNull(),
    remoteUs: boolean('remote_us').notNull(),
    remoteWorldwide: boolean('remote_worldwide').notNull(),
    usStates: text('us_states').array().$type<UsStateCode[]>().notNull(),
    usCities: jsonb('us_cities').$type<UsCity[]>().notNull(),
    seniority: text('seniority').$type<Seniority>().notNull(),
    minSalaryUsd: integer('min_salary_usd'),
    needsVisaSponsorship: boolean('needs_visa_sponsorship').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('profiles_skills_gin').using('gin', table.skills)],
);

/** One CV per user (Free plan), with the text extracted from it. */
export const cvs = pgTable('cvs', {
  uid: text('uid').primaryKey(),
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  mediaType: text('media_type').$type<CvMediaType>().notNull(),
  text: text('text').notNull(),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Completed carry-overs, so a retry by the same account answers the same result. */
export const carryOvers = pgTable(
  'carry_overs',
  {
    guestUid: text('guest_uid').primaryKey(),
    /** SHA-256 of the guest ID token that proved the guest: a retry presents the same token. */
    guestTokenSha256: text('guest_token_sha256').notNull().unique(),
    accountUid: text('account_uid').notNull(),
    mode: text('mode').$type<CarryOverMode>().notNull(),
    carriedProfile: boolean('carried_profile').notNull(),
    carriedCv: boolean('carried_cv').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('carry_overs_account_uid').on(table.accountUid)],
);

/**
 * The plan of each user who ever reached the payment provider's checkout, as its verified events
 * left it (no row: Free, never a customer). Only a registered user ever has one.
 */
export const plans = pgTable('plans', {
  uid: text('uid').primaryKey(),
  plan: text('plan').$type<PlanName>().notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  /** Stripe's customer id (`cus_…`): later events find the user by it. */
  customerId: text('customer_id').unique(),
  subscriptionId: text('subscription_id'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** A cancellation planned for a given time (Stripe's `cancel_at`), if any. */
  cancelAt: timestamp('cancel_at', { withTimezone: true }),
  /** The `created` time of the last event applied: an older event never overwrites newer state. */
  lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Every payment-provider event taken in (recorded with its change, in one transaction): replays are ignored. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    uid: text('uid').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('processed_webhook_events_uid').on(table.uid)],
);
