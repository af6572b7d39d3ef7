import type { ProfileSlot } from './profile';

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
