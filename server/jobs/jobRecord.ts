/** One job posting, normalised from any source. What the matcher and the alerts read. */

export const JOB_SOURCES = ['greenhouse', 'lever', 'ashby'] as const;
export type JobSource = (typeof JOB_SOURCES)[number];

/** One company's board at one source: `greenhouse:acme`. */
export interface BoardRef {
  readonly source: JobSource;
  readonly token: string;
}

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
  readonly remote: boolean;
  readonly usEligibility: UsEligibility;
  readonly seniority: Seniority;
  readonly salary: SalaryRange | null;
  /** Plain text: HTML removed, entities decoded. */
  readonly description: string;
  /** Canonical skill names found in the title and description. */
  readonly skills: readonly string[];
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
