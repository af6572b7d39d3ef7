/** One job posting, normalised from any source. What the matcher and the alerts read. */

export const JOB_SOURCES = [
  'greenhouse',
  'lever',
  'ashby',
  'workable',
  'smartrecruiters',
  'recruitee',
] as const;
export type JobSource = (typeof JOB_SOURCES)[number];

/** One company's board at one source: `greenhouse:acme`. */
export interface BoardRef {
  readonly source: JobSource;
  readonly token: string;
}

/** A board's key, `greenhouse:acme`: one per board (the poll queue's singleton key, maps of boards). */
export const boardKey = (board: BoardRef): string => `${board.source}:${board.token}`;

/**
 * Who may take the job from the US: on site in the US, remote within the US, remote from anywhere,
 * or not from the US (on site elsewhere, remote restricted to other countries, or no US place named).
 */
export type UsEligibility = 'us' | 'remote-us' | 'remote-worldwide' | 'not-us';

export const SENIORITIES = [
  'intern',
  'junior',
  'mid',
  'senior',
  'staff',
  'principal',
  'lead',
  'unknown',
] as const;
export type Seniority = (typeof SENIORITIES)[number];

export const WORKPLACES = ['remote', 'hybrid', 'onsite'] as const;
/** Where the work is done: from home, partly in an office, or in an office. */
export type Workplace = (typeof WORKPLACES)[number];

/** Remote work limited to a part of the world rather than to countries. */
export const REGIONS = [
  'americas',
  'north-america',
  'latam',
  'europe',
  'emea',
  'apac',
  'worldwide',
] as const;
export type Region = (typeof REGIONS)[number];

export const PAY_PERIODS = ['year', 'month', 'week', 'day', 'hour'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];

/** Pay as the posting states it: its currency (ISO 4217) and its period. */
export interface Pay {
  readonly currency: string;
  readonly min: number;
  readonly max: number;
  readonly period: PayPeriod;
}

/** Pay as yearly figures in its own currency (ISO 4217): what the jobs table keeps. */
export interface YearlyPay {
  readonly currency: string;
  readonly min: number;
  readonly max: number;
}

/** Whether the posting says it sponsors work visas. */
export type VisaSponsorship = 'yes' | 'no' | 'not-said';

/** Yearly pay in US dollars; only ranges the source gives in USD. */
export interface SalaryRange {
  readonly minUsd: number;
  readonly maxUsd: number;
}

export interface JobRecord {
  readonly title: string;
  readonly company: string;
  readonly board: BoardRef;
  /** The posting's id at its source, unique within the board. */
  readonly externalId: string;
  /** Locations as the source wrote them. */
  readonly locations: readonly string[];
  /** workplace === 'remote'. */
  readonly remote: boolean;
  readonly workplace: Workplace;
  /** ISO 3166-1 alpha-2 codes of the countries it may be done from; [] when none is named. */
  readonly countries: readonly string[];
  readonly regions: readonly Region[];
  /** US states of its US offices, or the states a remote job is limited to. */
  readonly usStates: readonly string[];
  /** Its offices' cities: "City, ST, US" in the US, "City, CC" elsewhere. */
  readonly cities: readonly string[];
  readonly usEligibility: UsEligibility;
  readonly seniority: Seniority;
  /** The fewest years of experience asked for, if the posting says. */
  readonly minYears: number | null;
  readonly pay: Pay | null;
  /** `pay` as yearly US dollars, when it is in US dollars. */
  readonly salary: SalaryRange | null;
  readonly visa: VisaSponsorship;
  /** Plain text: HTML removed, entities decoded. */
  readonly description: string;
  /**
   * Canonical names of the skills it asks for, read from the role's own sections (requirements,
   * duties, nice-to-haves), not from the company blurb or the benefits: required first.
   */
  readonly skills: readonly string[];
  /** Those of `skills` it asks only as nice to have (a subset; empty in rows stored before it). */
  readonly niceSkills: readonly string[];
  /** ISO 8601 time the source says it was posted, if it says. */
  readonly postedAt: string | null;
  /** ISO 8601 time we first fetched it. */
  readonly firstSeenAt: string;
  readonly applyUrl: string;
  /**
   * The same job under the same key wherever and whenever we see it again (re-fetched, updated,
   * or posted on two boards): a hash of company, title and locations, normalised.
   */
  readonly dedupeKey: string;
}
