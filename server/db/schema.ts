import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type {
  CarryOverMode,
  CvMediaType,
  CvProposals,
  FollowMode,
  FollowSource,
  PlanName,
  SalaryPeriod,
  Seniority,
  SubscriptionStatus,
  UsCity,
  UsStateCode,
} from '../../contract';
import type {
  JobSource,
  Seniority as JobSeniority,
  UsEligibility,
  VisaSponsorship,
} from '../jobs/jobRecord';
import { slot, slotInRange } from './slotColumn';

/**
 * A user's alert profiles, one per slot (Free: slot 1, Pro: 1 to 3). Keyed by uid and slot:
 * linking a guest keeps its rows.
 */
export const profiles = pgTable(
  'profiles',
  {
    uid: text('uid').notNull(),
    slot: slot(),
    targetRoles: text('target_roles').array().notNull(),
    skills: text('skills').array().notNull(),
    remoteUs: boolean('remote_us').notNull(),
    remoteWorldwide: boolean('remote_worldwide').notNull(),
    usStates: text('us_states').array().$type<UsStateCode[]>().notNull(),
    usCities: jsonb('us_cities').$type<UsCity[]>().notNull(),
    /** Where the seeker lives, ISO 3166-1 alpha-2; rows from before it are US residents. */
    country: text('country').notNull().default('US'),
    seniority: text('seniority').$type<Seniority>().notNull(),
    /** The salary floor as the seeker states it; all three null when there is none. */
    minSalaryAmount: bigint('min_salary_amount', { mode: 'number' }),
    minSalaryCurrency: text('min_salary_currency'),
    minSalaryPeriod: text('min_salary_period').$type<SalaryPeriod>(),
    /**
     * The floor as a yearly amount, as a posting's pay is kept (the factors of `PER_YEAR` in
     * salary.ts, which this layer may not import): what the alert lookup compares.
     * test/server/payCurrency.test.ts fails when the two disagree for a period.
     */
    minSalaryYearly: bigint('min_salary_yearly', { mode: 'number' }).generatedAlwaysAs(
      sql`"min_salary_amount" * case "min_salary_period" when 'month' then 12 when 'hour' then 2080 else 1 end`,
    ),
    needsVisaSponsorship: boolean('needs_visa_sponsorship').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /**
     * Whether the user's plan covers this slot: only active profiles get matches and alerts. Written
     * with the plan (`takeEvent`, same transaction) and on save (a save beyond the plan is refused).
     */
    active: boolean('active').notNull().default(true),
    // Lookup columns: what finds the profiles a new posting fits (server/alerts/profileLookup.ts).
    /** The seeker's skills, canonical: the profile's joined with those found in the slot's CV. */
    matchSkills: text('match_skills')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The place keys ("TX", "TX/austin") of the states and cities the profile names. */
    usPlaces: text('us_places')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /**
     * The remote-area keys (a country and its regions, see remoteAreas.ts) a seeker outside the US
     * accepts; empty for a US resident, whom the US rule serves.
     */
    remoteAreas: text('remote_areas')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** One English lexeme per target role, its most telling word: a title holding it may match. */
    roleTerms: text('role_terms')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`role_anchor_terms("target_roles")`),
    /** The lookup rules the row was last written with; older rows are rewritten (LOOKUP_VERSION). */
    lookupVersion: integer('lookup_version').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.slot] }),
    slotInRange('profiles_slot_range', table.slot),
    index('profiles_skills_gin').using('gin', table.skills),
    // The lookup's indexes hold active profiles only: the lookup never reads the others.
    index('profiles_match_skills_gin')
      .using('gin', table.matchSkills)
      .where(sql`${table.active}`),
    index('profiles_us_places_gin')
      .using('gin', table.usPlaces)
      .where(sql`${table.active}`),
    index('profiles_role_terms_gin')
      .using('gin', table.roleTerms)
      .where(sql`${table.active}`),
    index('profiles_remote_areas_gin')
      .using('gin', table.remoteAreas)
      .where(sql`${table.active}`),
  ],
);

/** A user's CVs, one per slot (the CV of the profile in the same slot), with the text extracted. */
export const cvs = pgTable(
  'cvs',
  {
    uid: text('uid').notNull(),
    slot: slot(),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    mediaType: text('media_type').$type<CvMediaType>().notNull(),
    text: text('text').notNull(),
    /** What the CV suggests for the profile (cvProposals.ts); null for a CV stored before them. */
    proposals: jsonb('proposals').$type<CvProposals>(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.slot] }),
    slotInRange('cvs_slot_range', table.slot),
  ],
);

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

/** PostgreSQL's full-text document type; only the database writes it (a generated column). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Every posting ever fetched, normalised (a JobRecord), one row per posting at its board. A
 * posting gone from its board is closed, never deleted: alerts and matches may point at it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    source: text('source').$type<JobSource>().notNull(),
    board: text('board').notNull(),
    externalId: text('external_id').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    company: text('company').notNull(),
    locations: text('locations').array().notNull(),
    /** "ST" and "ST/city" keys of the US places named (see usPlaces.ts), matched against a profile's. */
    usPlaces: text('us_places').array().notNull(),
    remote: boolean('remote').notNull(),
    /**
     * A remote posting's countries and regions as keys ("DE", "europe", "worldwide"; remoteAreas.ts);
     * empty when not remote, and in rows written before it until their board is polled again.
     */
    remoteAreas: text('remote_areas')
      .array()
      .notNull()
      .default(sql`'{}'`),
    usEligibility: text('us_eligibility').$type<UsEligibility>().notNull(),
    seniority: text('seniority').$type<JobSeniority>().notNull(),
    /** The stated pay's currency (ISO 4217) and its range as yearly figures in it; null: none. */
    salaryCurrency: text('salary_currency'),
    salaryMinYearly: bigint('salary_min_yearly', { mode: 'number' }),
    salaryMaxYearly: bigint('salary_max_yearly', { mode: 'number' }),
    description: text('description').notNull(),
    /** Every skill it asks for, required first (JobRecord.skills). */
    skills: text('skills').array().notNull(),
    /** Those of `skills` it asks only as nice to have; empty in rows written before it was read. */
    niceSkills: text('nice_skills')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Whether the posting says it sponsors work visas; `not-said` in rows written before. */
    visa: text('visa').$type<VisaSponsorship>().notNull().default('not-said'),
    /**
     * Title weighted A, description B: `ts_filter(search, '{a}')` is the title alone. A slash
     * separates words ("ML/AI Engineer"), which the parser would read as one file path.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', translate("title", '/', ' ')), 'A') || setweight(to_tsvector('english', translate("description", '/', ' ')), 'B')`,
      ),
    applyUrl: text('apply_url').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** When alerts were made for it (null: not yet; the next poll makes them, see createAlerts.ts). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /** A hash of what the source said last time: an unchanged posting is not written again. */
    contentHash: text('content_hash').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    unique('jobs_source_board_external_id').on(table.source, table.board, table.externalId),
    index('jobs_skills_gin').using('gin', table.skills),
    index('jobs_us_places_gin').using('gin', table.usPlaces),
    index('jobs_remote_areas_gin').using('gin', table.remoteAreas),
    index('jobs_search_gin').using('gin', table.search),
    index('jobs_dedupe_key').on(table.dedupeKey),
    index('jobs_not_alerted')
      .on(table.firstSeenAt)
      .where(sql`${table.alertedAt} is null`),
  ],
);

/**
 * A posting that fits a user's active profile, found when the posting was first seen (one per user
 * and job, for the profile it fits best). Reasons are scored again when read: the profile may have changed since.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    uid: text('uid').notNull(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => jobs.id),
    /** The match score (0-100) when the alert was made. */
    score: integer('score').notNull(),
    /** The slot of the user's profile the posting fit best when the alert was made. */
    slot: slot(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** When the person saw it in the page (null: new to them). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    /** When it went out by e-mail, alone (Pro) or in a digest (Free); null: not yet, or never. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** When it was pushed to the user's devices, alone (Pro) or in a digest (Free); null: not yet. */
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
  },
  (table) => [
    unique('alerts_uid_job_id').on(table.uid, table.jobId),
    slotInRange('alerts_slot_range', table.slot),
    index('alerts_uid_created_at').on(table.uid, table.createdAt.desc()),
    index('alerts_not_emailed')
      .on(table.uid)
      .where(sql`${table.emailedAt} is null`),
  ],
);

/** Per user: whether alert e-mails may be sent, and when the last digest went out. */
export const alertEmailSettings = pgTable('alert_email_settings', {
  uid: text('uid').primaryKey(),
  /** Set by the unsubscribe link (no sign-in needed) or the account page; null: subscribed. */
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
});

/**
 * Users who are gone (an account deleted, a guest whose work was carried over): every ID token of
 * theirs is refused on every backend process, even one that still holds it as verified. A row
 * older than an ID token's lifetime tells nothing more (`revokedAt`: when the user went).
 */
export const revokedUsers = pgTable('revoked_users', {
  uid: text('uid').primaryKey(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull(),
});

/**
 * The request counters of the rate limits when the backend runs on a PostgreSQL server, shared by
 * every process (server/db/rateLimitStore.ts): one row per key (a user, an address), its hits in
 * the window that ends at `windowEndsAt`.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/**
 * The companies a seeker follows, per profile slot: each a board at one source (`greenhouse:acme`),
 * read from a careers page URL. A followed board is polled like the configured ones.
 */
export const followedBoards = pgTable(
  'followed_boards',
  {
    uid: text('uid').notNull(),
    slot: slot(),
    source: text('source').$type<FollowSource>().notNull(),
    token: text('token').notNull(),
    followedAt: timestamp('followed_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.slot, table.source, table.token] }),
    slotInRange('followed_boards_slot_range', table.slot),
    // Every board anyone follows, read when polling starts.
    index('followed_boards_board').on(table.source, table.token),
  ],
);

/** How a profile's matches treat its followed companies (no row: `boost`). */
export const followModes = pgTable(
  'follow_modes',
  {
    uid: text('uid').notNull(),
    slot: slot(),
    mode: text('mode').$type<FollowMode>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.uid, table.slot] }),
    slotInRange('follow_modes_slot_range', table.slot),
  ],
);

/**
 * The browsers a user turned notifications on for (Web Push), one row per push endpoint: where
 * the push service takes messages for that device, and the device's keys to encrypt them with.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    /** The SHA-256 (hex) of the endpoint: the device's id in the API, never the endpoint itself. */
    id: text('id').primaryKey(),
    uid: text('uid').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    lastPushedAt: timestamp('last_pushed_at', { withTimezone: true }),
  },
  (table) => [index('push_subscriptions_uid').on(table.uid)],
);
