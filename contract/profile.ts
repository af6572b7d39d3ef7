import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { objectOrNull, withRequired } from './schemaParts';
import { SAFE_TEXT_PATTERN } from './text';

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

// The bounds as plain constants, each written once: the schemas read these, not PROFILE_LIMITS,
// because the bundler keeps a property read at a module's top level and the front end would
// then carry every schema.
const TARGET_ROLES = 20;
const ROLE_LENGTH = 100;
const SKILLS = 100;
const SKILL_LENGTH = 60;
const US_STATES = US_STATE_CODES.length;
const US_CITIES = 50;
const CITY_LENGTH = 80;
// Room for a yearly floor in any currency's units (ten billion: a good yearly pay in rupiah).
const MAX_SALARY_AMOUNT = 10_000_000_000;

export const PROFILE_LIMITS = {
  targetRoles: TARGET_ROLES,
  roleLength: ROLE_LENGTH,
  skills: SKILLS,
  skillLength: SKILL_LENGTH,
  usStates: US_STATES,
  usCities: US_CITIES,
  cityLength: CITY_LENGTH,
  maxSalaryAmount: MAX_SALARY_AMOUNT,
} as const;

/** Safe text; whether it is blank once cleaned is the server's check (normaliseProfile.ts). */
const nonBlankText = (maxLength: number) =>
  ({ type: 'string', minLength: 1, maxLength, pattern: SAFE_TEXT_PATTERN }) as const;

const usStateSchema = { type: 'string', enum: US_STATE_CODES } as const satisfies JSONSchema;

export const usCitySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['city', 'state'],
  properties: { city: /* @__PURE__ */ nonBlankText(CITY_LENGTH), state: usStateSchema },
} as const satisfies JSONSchema;
export type UsCity = FromSchema<typeof usCitySchema>;

/** The country a profile is taken to be in when it names none: the product's first market. */
export const DEFAULT_RESIDENCE = 'US';

/**
 * Where the job seeker will work: any mix of remote (open to where they live, or worldwide), whole
 * US states and cities, from the country they live in.
 */
export const workLocationsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['remoteUs', 'remoteWorldwide', 'usStates', 'usCities'],
  properties: {
    remoteUs: {
      type: 'boolean',
      description:
        'Remote jobs open to people in the country of residence (`country`) or its region: remote in the US for a US resident (the name is from before `country`).',
    },
    remoteWorldwide: { type: 'boolean' },
    country: {
      type: 'string',
      pattern: '^[A-Z]{2}$',
      description:
        'Where the seeker lives, ISO 3166-1 alpha-2 (an unassigned code is refused with `country-unknown`); absent is the US. Always present in a stored profile.',
    },
    usStates: {
      type: 'array',
      maxItems: US_STATES,
      uniqueItems: true,
      items: usStateSchema,
    },
    usCities: { type: 'array', maxItems: US_CITIES, items: usCitySchema },
  },
} as const satisfies JSONSchema;
export type WorkLocations = FromSchema<typeof workLocationsSchema>;

/** The periods a salary floor may be stated in; matching counts a year as 12 months or 2080 hours. */
export const SALARY_PERIODS = ['year', 'month', 'hour'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** The least pay the seeker takes, in their own currency and period. */
export const minSalarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency', 'period'],
  properties: {
    amount: { type: 'integer', minimum: 1, maximum: MAX_SALARY_AMOUNT },
    currency: {
      type: 'string',
      pattern: '^[A-Z]{3}$',
      description:
        'ISO 4217, one the server knows (`Intl.supportedValuesOf("currency")`); another is refused with `currency-unknown`.',
    },
    period: { type: 'string', enum: SALARY_PERIODS },
  },
} as const satisfies JSONSchema;
export type MinSalary = FromSchema<typeof minSalarySchema>;

/** The body of `PUT /v1/profile`; unknown fields are refused. Closed objects, bounded everywhere. */
export const alertProfileInputSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['targetRoles', 'skills', 'where', 'seniority', 'minSalary', 'needsVisaSponsorship'],
  properties: {
    targetRoles: {
      type: 'array',
      maxItems: TARGET_ROLES,
      items: /* @__PURE__ */ nonBlankText(ROLE_LENGTH),
    },
    skills: {
      type: 'array',
      description:
        'Stored as canonical names ("JS" becomes "JavaScript"); unknown skills are kept as typed.',
      maxItems: SKILLS,
      items: /* @__PURE__ */ nonBlankText(SKILL_LENGTH),
    },
    where: workLocationsSchema,
    seniority: { type: 'string', enum: SENIORITIES },
    minSalary: /* @__PURE__ */ objectOrNull(minSalarySchema),
    needsVisaSponsorship: { type: 'boolean' },
  },
} as const satisfies JSONSchema;
export type AlertProfileInput = FromSchema<typeof alertProfileInputSchema>;

/**
 * A stored profile. Answers are serialised by type, so list and text bounds are not checked again:
 * a merged carry-over may hold more than one request may send.
 */
export const alertProfileSchema = /* @__PURE__ */ withRequired(
  alertProfileInputSchema,
  'updatedAt',
  { type: 'string', description: 'ISO 8601.' } as const,
) satisfies JSONSchema;
export type AlertProfile = FromSchema<typeof alertProfileSchema>;

export const CV_MEDIA_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;
export type CvMediaType = (typeof CV_MEDIA_TYPES)[number];
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** How many of each the CV proposes at most. */
export const CV_PROPOSAL_LIMITS = { targetRoles: 5, skills: 30 } as const;

/** What the CV suggests for the profile; kept with the CV, so it is there after a reload. */
export const cvProposalsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['targetRoles', 'skills', 'seniority', 'usStates', 'usCities', 'remote'],
  properties: {
    targetRoles: {
      type: 'array',
      description: 'Job titles found in the CV, most recent first, at most 5.',
      items: { type: 'string' },
    },
    skills: {
      type: 'array',
      description: 'Canonical skill names, most relevant first, at most 30.',
      items: { type: 'string' },
    },
    seniority: { anyOf: [{ type: 'string', enum: SENIORITIES }, { type: 'null' }] },
    usStates: { type: 'array', items: usStateSchema },
    usCities: { type: 'array', items: usCitySchema },
    remote: {
      type: 'boolean',
      description: 'The CV says the person works or worked remotely, or wants to.',
    },
  },
} as const satisfies JSONSchema;
export type CvProposals = FromSchema<typeof cvProposalsSchema>;

/** The stored CV, without its text. */
export const cvSummarySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fileName', 'sizeBytes', 'mediaType', 'textLength', 'uploadedAt', 'proposals'],
  properties: {
    fileName: { type: 'string' },
    sizeBytes: { type: 'integer' },
    mediaType: { type: 'string', enum: CV_MEDIA_TYPES },
    textLength: { type: 'integer', description: 'Characters of text extracted from the file.' },
    uploadedAt: { type: 'string', description: 'ISO 8601.' },
    // Null for a CV stored before proposals existed.
    proposals: /* @__PURE__ */ objectOrNull(cvProposalsSchema),
  },
} as const satisfies JSONSchema;
export type CvSummary = FromSchema<typeof cvSummarySchema>;

/**
 * A user's alert profiles, each with its own CV, by slot. Free has slot 1, Pro slots 1 to 3
 * (`PlanLimits.profiles`). Every profile and CV path takes `?slot=N` (1 when absent; anything
 * else is refused with `profile-slot-invalid`).
 */
export const PROFILE_SLOTS = [1, 2, 3] as const;
export const profileSlotSchema = {
  type: 'integer',
  enum: PROFILE_SLOTS,
} as const satisfies JSONSchema;
export type ProfileSlot = FromSchema<typeof profileSlotSchema>;

/**
 * `?slot=N` on the profile, CV, matches and follows paths, as a string (the query is not coerced):
 * one of the slots written out; absent is slot 1. Other parameters are ignored, as they always
 * were on these paths (never a uid: that comes from the token alone).
 */
export const slotQuerySchema = {
  type: 'object',
  properties: { slot: { type: 'string', enum: /* @__PURE__ */ PROFILE_SLOTS.map(String) } },
} as const satisfies JSONSchema;
export type SlotQuery = FromSchema<typeof slotQuerySchema>;

/** `GET /v1/profile?slot=N`: a slot with nothing saved gets nulls (status 200). */
export const getProfileResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'profile', 'cv', 'active'],
  properties: {
    slot: profileSlotSchema,
    profile: /* @__PURE__ */ objectOrNull(alertProfileSchema),
    cv: /* @__PURE__ */ objectOrNull(cvSummarySchema),
    active: {
      type: 'boolean',
      description:
        "Whether the plan covers this slot: matches and alerts come from active profiles only. A slot above the plan's limit (Pro ended) keeps what it holds, can be read and deleted, not saved.",
    },
  },
} as const satisfies JSONSchema;
export type GetProfileResponse = FromSchema<typeof getProfileResponseSchema>;

/** `GET /v1/profiles`: every slot that holds a profile or a CV, by slot, and the plan's limit. */
export const getProfilesResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['profiles', 'limit'],
  properties: {
    profiles: { type: 'array', items: getProfileResponseSchema },
    limit: {
      type: 'integer',
      description: 'How many slots the plan covers (`PlanLimits.profiles`).',
    },
  },
} as const satisfies JSONSchema;
export type GetProfilesResponse = FromSchema<typeof getProfilesResponseSchema>;

/** `PUT /v1/profile?slot=N`; a slot above the plan's limit is refused (`plan-profile-limit`). */
export const putProfileResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['slot', 'profile'],
  properties: { slot: profileSlotSchema, profile: alertProfileSchema },
} as const satisfies JSONSchema;
export type PutProfileResponse = FromSchema<typeof putProfileResponseSchema>;

/** `{ deleted }`: whether there was something to delete. */
const deletedSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['deleted'],
  properties: { deleted: { type: 'boolean' } },
} as const satisfies JSONSchema;

/** `DELETE /v1/profile?slot=N`: the slot's profile and CV; `deleted` is false when it was empty. */
export const deleteProfileResponseSchema = deletedSchema;
export type DeleteProfileResponse = FromSchema<typeof deleteProfileResponseSchema>;

/**
 * `PUT /v1/profile/cv?slot=N`: multipart/form-data with one file part named `file`; a slot above
 * the plan's limit is refused (`plan-profile-limit`).
 */
export const putCvResponseSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['cv', 'suggestedSkills'],
  properties: {
    cv: cvSummarySchema,
    suggestedSkills: {
      type: 'array',
      description: 'Canonical skill names found in the CV text that the profile does not list yet.',
      items: { type: 'string' },
    },
  },
} as const satisfies JSONSchema;
export type PutCvResponse = FromSchema<typeof putCvResponseSchema>;

/** `DELETE /v1/profile/cv`: `deleted` is false when there was none. */
export const deleteCvResponseSchema = deletedSchema;
export type DeleteCvResponse = FromSchema<typeof deleteCvResponseSchema>;
