import type { ProfileSlot } from './profile';

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
  /** What the posting says of visa sponsorship, when the seeker needs it (`unknown`: nothing). */
  | { kind: 'visa'; fit: 'not-needed' | 'sponsors' | 'does-not-sponsor' | 'unknown' }
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
