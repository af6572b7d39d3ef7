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
