/**
 * The product backend's HTTP contract: the one module `server/` and `src/` share. It imports
 * nothing. Every route but `GET /health` and the payment provider's webhook needs
 * `Authorization: Bearer <Firebase ID token>`.
 * Every error answer is an `ApiError` whose status and message come from `API_ERRORS`.
 */

export const SENIORITIES = ['intern', 'junior', 'mid', 'senior', 'lead'] as const;
export type Seniority = (typeof SENIORITIES)[number];

/** The 50 states and DC, as two-letter postal codes. */
// prettier-ignore
export const US_STATE_CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;
export type UsStateCode = (typeof US_STATE_CODES)[number];

export interface UsCity {
  city: string;
  state: UsStateCode;
}

/** Where the job seeker will work: any mix of remote (US or worldwide), whole states and cities. */
export interface WorkLocations {
  remoteUs: boolean;
  remoteWorldwide: boolean;
  usStates: UsStateCode[];
  usCities: UsCity[];
}

export const PROFILE_LIMITS = {
  targetRoles: 20,
  roleLength: 100,
  skills: 100,
  skillLength: 60,
  usStates: US_STATE_CODES.length,
  usCities: 50,
  cityLength: 80,
  maxSalaryUsd: 10_000_000,
} as const;

/** The body of `PUT /v1/profile`; unknown fields are refused. */
export interface AlertProfileInput {
  targetRoles: string[];
  /** Stored as canonical names ("JS" becomes "JavaScript"); unknown skills are kept as typed. */
  skills: string[];
  where: WorkLocations;
  seniority: Seniority;
  /** US dollars a year, or null for no minimum. */
  minSalaryUsd: number | null;
  needsVisaSponsorship: boolean;
}

export interface AlertProfile extends AlertProfileInput {
  /** ISO 8601. */
  updatedAt: string;
}

export const CV_MEDIA_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;
export type CvMediaType = (typeof CV_MEDIA_TYPES)[number];
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** The stored CV, without its text. */
export interface CvSummary {
  fileName: string;
  sizeBytes: number;
  mediaType: CvMediaType;
  /** Characters of text extracted from the file. */
  textLength: number;
  uploadedAt: string;
}

/**
 * A user's alert profiles, each with its own CV, by slot. Free has slot 1, Pro slots 1 to 3
 * (`PlanLimits.profiles`). Every profile and CV path takes `?slot=N` (1 when absent; anything
 * else is refused with `profile-slot-invalid`).
 */
export const PROFILE_SLOTS = [1, 2, 3] as const;
export type ProfileSlot = (typeof PROFILE_SLOTS)[number];

/** `GET /v1/profile?slot=N`: a slot with nothing saved gets nulls (status 200). */
export interface GetProfileResponse {
  slot: ProfileSlot;
  profile: AlertProfile | null;
  cv: CvSummary | null;
  /**
   * Whether the plan covers this slot: matches and alerts come from active profiles only. A slot
   * above the plan's limit (Pro ended) keeps what it holds, can be read and deleted, not saved.
   */
  active: boolean;
}

/** `GET /v1/profiles`: every slot that holds a profile or a CV, by slot, and the plan's limit. */
export interface GetProfilesResponse {
  profiles: GetProfileResponse[];
  /** How many slots the plan covers (`PlanLimits.profiles`). */
  limit: number;
}

/** `PUT /v1/profile?slot=N`; a slot above the plan's limit is refused (`plan-profile-limit`). */
export interface PutProfileResponse {
  slot: ProfileSlot;
  profile: AlertProfile;
}

/** `DELETE /v1/profile?slot=N`: the slot's profile and CV; `deleted` is false when it was empty. */
export interface DeleteProfileResponse {
  deleted: boolean;
}

/**
 * `PUT /v1/profile/cv?slot=N`: multipart/form-data with one file part named `file`; a slot above
 * the plan's limit is refused (`plan-profile-limit`).
 */
export interface PutCvResponse {
  cv: CvSummary;
  /** Canonical skill names found in the CV text that the profile does not list yet. */
  suggestedSkills: string[];
}

/** `DELETE /v1/profile/cv`: `deleted` is false when there was none. */
export interface DeleteCvResponse {
  deleted: boolean;
}

/**
 * What happens to the guest's work when its user signs in to an existing account:
 * - replace: each thing the guest has (profile, CV) replaces the account's;
 * - merge: lists are joined (roles, skills, states, cities), remote flags and visa need are OR-ed,
 *   the account's seniority and minimum salary win unless it has none; the account's CV wins if it
 *   has one; with no account profile the guest's is taken whole;
 * - leave: the guest's work is discarded.
 * In every mode the guest's rows and its anonymous Firebase user are deleted.
 */
export const CARRY_OVER_MODES = ['replace', 'merge', 'leave'] as const;
export type CarryOverMode = (typeof CARRY_OVER_MODES)[number];

/** `POST /v1/carry-over`, with the ACCOUNT's ID token in Authorization. */
export interface CarryOverRequest {
  /** The guest's ID token, captured before the switch. */
  guestIdToken: string;
  mode: CarryOverMode;
}

/** A retry by the same account for the same guest answers the same body. */
export interface CarryOverResponse {
  mode: CarryOverMode;
  /** Whether the guest's profile / CV ended up in the account. */
  carriedProfile: boolean;
  carriedCv: boolean;
  completedAt: string;
}

/** `DELETE /v1/account`: needs a sign-in within the last 5 minutes. */
export interface DeleteAccountResponse {
  deleted: true;
}

export const PLAN_NAMES = ['free', 'pro'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The payment provider's (Stripe's) subscription statuses, stored as it sends them. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'incomplete',
  'incomplete_expired',
  'unpaid',
  'paused',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * What each plan allows, enforced by the backend. `alertDelivery` is not used yet: alerts do not
 * exist yet (#13).
 */
export interface PlanLimits {
  /** Search (alert) profiles. */
  profiles: number;
  cvs: number;
  alertDelivery: 'realTime' | 'dailyDigest';
}

export const PLAN_LIMITS = {
  free: { profiles: 1, cvs: 1, alertDelivery: 'dailyDigest' },
  pro: { profiles: 3, cvs: 3, alertDelivery: 'realTime' },
} as const satisfies Record<PlanName, PlanLimits>;

/**
 * `GET /v1/plan`: the user's plan as the payment provider's verified events left it. Someone who
 * never paid (every guest) is on Free with `status: null`. At most one of `renewsAt` (Pro that
 * renews) and `endsAt` (Pro cancelled, until then) is set; both ISO 8601, null when not known yet.
 */
export interface GetPlanResponse {
  plan: PlanName;
  status: SubscriptionStatus | null;
  renewsAt: string | null;
  endsAt: string | null;
  /** The provider knows this user as a customer: its billing portal has something to show. */
  isCustomer: boolean;
  limits: PlanLimits;
}

/**
 * `POST /v1/webhooks/stripe` (no token: Stripe's signature is the proof). Any verified event is
 * answered 200 so Stripe stops sending it, with what became of it.
 */
export interface StripeWebhookResponse {
  received: true;
  outcome: 'applied' | 'duplicate' | 'stale' | 'ignored';
}

/** A posting's level as its title states it (`unknown` when it states none). */
export type JobSeniority =
  'intern' | 'junior' | 'mid' | 'senior' | 'staff' | 'principal' | 'lead' | 'unknown';

/**
 * Who may take a job from the US: on site in the US, remote within the US, remote from anywhere,
 * or not from the US.
 */
export type JobUsEligibility = 'us' | 'remote-us' | 'remote-worldwide' | 'not-us';

/** Yearly pay in US dollars, as the posting states it. */
export interface SalaryRangeUsd {
  minUsd: number;
  maxUsd: number;
}

/**
 * Why a job matches a profile, one reason per aspect; `points` add up to the match's `score`
 * (skills up to 40, title 30 or 15 for work next to a target role, location 10, seniority 10,
 * salary 10; visa none), `text` says it for people.
 */
export type MatchReason = { points: number; text: string } & (
  | { kind: 'skills'; covered: string[]; missing: string[] }
  /** The first target role the job's title matches (any spelling), or is next to; or null. */
  | { kind: 'title'; matchedRole: string | null }
  | { kind: 'location'; fit: 'remote-us' | 'remote-worldwide' | 'on-site'; locations: string[] }
  | { kind: 'seniority'; fit: 'same' | 'near' | 'not-stated'; jobSeniority: JobSeniority }
  | {
      kind: 'salary';
      fit: 'meets-floor' | 'no-floor' | 'not-stated';
      salary: SalaryRangeUsd | null;
    }
  /** Postings say nothing structured about visa sponsorship yet: `unknown` when it is needed. */
  | { kind: 'visa'; fit: 'not-needed' | 'unknown' }
);

/** One open job that fits a profile. Times are ISO 8601. */
export interface JobMatch {
  jobId: number;
  title: string;
  company: string;
  locations: string[];
  remote: boolean;
  usEligibility: JobUsEligibility;
  seniority: JobSeniority;
  salary: SalaryRangeUsd | null;
  /** 0 to 100: the sum of the reasons' points. */
  score: number;
  reasons: MatchReason[];
  /** The job's skills the profile or the CV has, and those it has not. */
  coveredSkills: string[];
  missingSkills: string[];
  postedAt: string | null;
  firstSeenAt: string;
  applyUrl: string;
}

/**
 * `GET /v1/matches?slot=N`: the matches of one profile (slot 1 when absent) among open jobs, best
 * first (at most `MATCHES_LIMIT`). Without a saved profile in that slot: no matches and
 * `profileMissing: true`; a slot the plan does not cover (`active: false`): no matches.
 */
export interface GetMatchesResponse {
  slot: ProfileSlot;
  active: boolean;
  profileMissing: boolean;
  matches: JobMatch[];
}

export const MATCHES_LIMIT = 50;

/**
 * A match the backend alerted the user to: the match as `GET /v1/matches` gives it, and the alert.
 * One alert per user and posting, for the active profile it fits best (`slot`).
 */
export interface AlertMatch extends JobMatch {
  alertId: number;
  slot: ProfileSlot;
  /** When the alert was made (ISO 8601). */
  alertedAt: string;
  /** Not seen in the page yet. */
  new: boolean;
}

/**
 * `GET /v1/alerts?limit=N`: the user's most recent alerts, newest first (at most `limit`, default
 * `ALERTS_DEFAULT_LIMIT`, up to `ALERTS_MAX_LIMIT`), each scored against the current profile like
 * the matches. Without a saved profile: none and `profileMissing: true`.
 */
export interface GetAlertsResponse {
  profileMissing: boolean;
  alerts: AlertMatch[];
}

export const ALERTS_DEFAULT_LIMIT = 20;
export const ALERTS_MAX_LIMIT = 50;

/** `POST /v1/alerts/seen`: the given alerts of the user, or without `alertIds` all of them. */
export interface MarkAlertsSeenRequest {
  alertIds?: number[];
}

/** How many alerts were new and are seen now. */
export interface MarkAlertsSeenResponse {
  marked: number;
}

/**
 * `GET /v1/alerts/stream`: Server-Sent Events (`text/event-stream`), the token in the
 * Authorization header as everywhere (read it with fetch, not EventSource). Each new alert comes
 * as an event named `ALERT_STREAM_EVENT` whose data is an `AlertMatch` (JSON) and whose id is its
 * `alertId`; a comment line keeps the connection alive every `ALERT_STREAM_HEARTBEAT_MS`. The
 * stream ends when the token expires: connect again with a fresh token.
 */
export const ALERT_STREAM_EVENT = 'alert';
export const ALERT_STREAM_HEARTBEAT_MS = 25_000;
/** Open streams per user (tabs, devices); one more is refused with `too-many-streams`. */
export const ALERT_STREAMS_PER_USER = 5;

/** The job-board APIs whose boards a seeker can follow by their careers page URL. */
export const FOLLOW_SOURCES = [
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'smartrecruiters',
  'recruitee',
] as const;
export type FollowSource = (typeof FOLLOW_SOURCES)[number];

/** Companies one profile may follow; one more is refused with `follow-limit`. */
export const FOLLOWED_COMPANIES_LIMIT = 50;
export const FOLLOW_URL_MAX_LENGTH = 2_000;

/**
 * How a profile's matches treat followed companies: `boost` lists their postings ahead of others
 * that score up to `FOLLOW_BOOST_POINTS` more (scores are not changed); `only` lists nothing else
 * (while at least one company is followed).
 */
export const FOLLOW_MODES = ['boost', 'only'] as const;
export type FollowMode = (typeof FOLLOW_MODES)[number];
export const FOLLOW_BOOST_POINTS = 20;

/** A company a profile follows: its board, and what polling it found. Times are ISO 8601. */
export interface FollowedCompany {
  source: FollowSource;
  token: string;
  /** The company's name as its postings give it; the token until its board is first read. */
  name: string;
  followedAt: string;
  /** When its board was last read (null: not yet, or too long ago to know). */
  lastPolledAt: string | null;
  /** Its postings open now. */
  openPostings: number;
}

/**
 * `GET /v1/profile/follows?slot=N`, and the answer of every change to them: the companies the
 * profile follows, oldest first, how matches treat them, and how many it may follow.
 */
export interface FollowsResponse {
  slot: ProfileSlot;
  mode: FollowMode;
  companies: FollowedCompany[];
  limit: number;
}

/**
 * `POST /v1/profile/follows?slot=N`: follow the company whose careers page this is (e.g.
 * `https://boards.greenhouse.io/acme`). Read from the URL alone: nothing is fetched from it. Its
 * board is polled from now on. Following it again changes nothing.
 */
export interface FollowRequest {
  url: string;
}

/** `PUT /v1/profile/follows/mode?slot=N`. `DELETE /v1/profile/follows/{source}/{token}?slot=N` unfollows. */
export interface PutFollowModeRequest {
  mode: FollowMode;
}

/** `GET /health`, no token needed. */
export interface HealthResponse {
  status: 'ok';
}

interface ErrorEntry {
  status: number;
  message: string;
}

/** Every error the backend answers: its HTTP status and a message a job seeker can read. */
export const API_ERRORS = {
  'token-missing': { status: 401, message: 'Please sign in again: your session was not sent.' },
  'token-invalid': {
    status: 401,
    message: 'Please sign in again: your session could not be read.',
  },
  'token-expired': { status: 401, message: 'Your session has expired. Please sign in again.' },
  'token-revoked': { status: 401, message: 'Your session was ended. Please sign in again.' },
  'token-wrong-project': {
    status: 401,
    message: 'Your session belongs to another site. Please sign in again.',
  },
  'user-disabled': { status: 401, message: 'This account has been disabled.' },
  'user-not-found': { status: 401, message: 'This account no longer exists.' },
  'auth-unavailable': {
    status: 503,
    message: 'We could not check your session just now. Please try again.',
  },
  'requires-recent-login': {
    status: 403,
    message: 'For your security, please sign in again and retry.',
  },
  'invalid-json': { status: 400, message: 'The request could not be read.' },
  'invalid-request': { status: 400, message: 'Some of the details are not valid.' },
  'unknown-field': { status: 400, message: 'The request has a field we do not know.' },
  'value-too-long': { status: 400, message: 'A value is too long.' },
  'too-many-items': { status: 400, message: 'A list has too many entries.' },
  'payload-too-large': { status: 413, message: 'The request is too large.' },
  'unsupported-media-type': { status: 415, message: 'The request has a format we do not accept.' },
  'profile-slot-invalid': { status: 400, message: 'There is no such alert profile.' },
  'plan-profile-limit': {
    status: 403,
    message: 'The Free plan has one alert profile and one CV. Get Pro for three of each.',
  },
  'cv-missing': { status: 400, message: 'Please choose a CV file to upload.' },
  'cv-too-large': {
    status: 413,
    message: 'Your CV is larger than 5 MB. Please upload a smaller file.',
  },
  'cv-unsupported-type': {
    status: 415,
    message: 'Please upload your CV as a PDF, a Word (.docx) or a plain text file.',
  },
  'cv-unreadable': {
    status: 422,
    message: 'We could not open this file. Please check it or save it again.',
  },
  'cv-no-text': {
    status: 422,
    message: 'We found no text in this file (a scanned PDF?). Please upload a file with text.',
  },
  'cv-too-complex': {
    status: 422,
    message:
      'This file is too large or complex for us to read. Please save it again in a simpler form, or upload it as plain text.',
  },
  'cv-busy': {
    status: 503,
    message: 'We are reading many CVs just now. Please try again in a minute.',
  },
  'carry-over-guest-invalid': {
    status: 403,
    message: 'We could not confirm your guest session, so nothing was moved.',
  },
  'carry-over-not-a-guest': {
    status: 403,
    message: 'Only work from a guest session can be moved into an account.',
  },
  'carry-over-account-is-guest': {
    status: 403,
    message: 'Please sign in to your account before moving your work.',
  },
  'carry-over-same-user': { status: 409, message: 'This guest session is already your account.' },
  'carry-over-already-done': {
    status: 409,
    message: 'This guest work was already moved elsewhere.',
  },
  'carry-over-failed': {
    status: 500,
    message:
      'Moving your work failed. Nothing was changed: your guest work and your account are as they were.',
  },
  'webhook-signature-invalid': {
    status: 400,
    message: 'The webhook signature could not be verified.',
  },
  'account-has-subscription': {
    status: 409,
    message:
      'Your Pro subscription is still running. Cancel it under “Manage billing” first, then delete your account.',
  },
  'account-deletion-failed': {
    status: 502,
    message: 'Deleting your account failed. Nothing was deleted; please try again.',
  },
  'follow-url-invalid': {
    status: 400,
    message:
      'This is not a web address. Paste the address of the company’s job board, like https://boards.greenhouse.io/acme.',
  },
  'follow-url-not-http': {
    status: 400,
    message: 'Please paste a web address that starts with https://.',
  },
  'follow-url-unknown-host': {
    status: 400,
    message:
      'We can read Greenhouse, Lever, Ashby, Workable, SmartRecruiters and Recruitee boards. Paste the company’s job board address on one of them.',
  },
  'follow-url-no-company': {
    status: 400,
    message:
      'We could not find a company in this address. Paste the job board’s address, like https://jobs.lever.co/acme.',
  },
  'follow-limit': {
    status: 400,
    message: 'You follow 50 companies, the most a profile can. Remove one to follow another.',
  },
  'not-found': { status: 404, message: 'There is nothing here.' },
  'too-many-streams': {
    status: 429,
    message: 'ApplyFirst is open in too many tabs. Please close one and reload this page.',
  },
  'rate-limited': {
    status: 429,
    message: 'Too many requests. Please wait a moment and try again.',
  },
  'internal-error': { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, ErrorEntry>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The body of every error answer. */
export interface ApiError {
  code: ApiErrorCode;
  message: string;
}
