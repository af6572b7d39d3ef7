import type { ProfileSlot } from './profile';

/** Why a seeker hides a match: the job is in the wrong place, at the wrong level or pay, the wrong role, or at a company they skip. */
export const HIDE_REASONS = ['place', 'level', 'pay', 'role', 'company'] as const;
export type HideReason = (typeof HIDE_REASONS)[number];

/**
 * `PUT /v1/matches/{jobId}/action?slot=N`: what the seeker did with one match, as a whole (send
 * every field). `appliedOn` is the day they applied (`YYYY-MM-DD`), `hidden` the reason it is hidden.
 * A job with nothing kept (not saved, not applied, not hidden) is forgotten.
 */
export interface PutMatchActionRequest {
  saved: boolean;
  appliedOn: string | null;
  hidden: HideReason | null;
}

/** One match the seeker acted on, with enough of the job to list it in the Saved or Applied view. */
export interface MatchAction extends PutMatchActionRequest {
  jobId: number;
  title: string;
  company: string;
  applyUrl: string;
  /** The posting is no longer open. */
  closed: boolean;
  /** When the action last changed (ISO 8601). */
  updatedAt: string;
}

/**
 * An offer the hide reasons make, never applied without the seeker: hide every job of a company
 * hidden for `company` `MATCH_SUGGESTION_MIN_HIDES` times or more, or look again at the salary
 * floor (`pay`), places (`place`) or level (`level`) in the profile.
 */
export type MatchSuggestion =
  | { kind: 'hide-company'; company: string; hides: number }
  | { kind: 'profile-field'; field: 'minSalaryUsd' | 'places' | 'seniority'; hides: number };

/** How many hides for one reason (or of one company) make a suggestion. */
export const MATCH_SUGGESTION_MIN_HIDES = 2;

/**
 * `GET /v1/matches/actions?slot=N`, and the answer to every change: the profile's actions, most
 * recently changed first, and the suggestions its hides make (those dismissed left out).
 */
export interface MatchActionsResponse {
  slot: ProfileSlot;
  actions: MatchAction[];
  suggestions: MatchSuggestion[];
  /** Companies whose every job (listed now or posted later) the profile hides, newest first. */
  hiddenCompanies: HiddenCompany[];
  limit: number;
}

/** A company hidden by rule, under the name it was hidden as. */
export interface HiddenCompany {
  company: string;
  /** When it was hidden (ISO 8601). */
  hiddenAt: string;
}

/**
 * `PUT /v1/matches/companies?slot=N`: hide every job of a company, now and later (`hidden: true`),
 * or show them again. Answered with the whole MatchActionsResponse.
 */
export interface PutHiddenCompanyRequest {
  company: string;
  hidden: boolean;
}

/** Companies a profile may hide by rule; one more is refused with `hidden-companies-limit`. */
export const HIDDEN_COMPANIES_LIMIT = 200;
/** The longest company name a rule takes. */
export const COMPANY_NAME_MAX = 200;

/**
 * A company's name as rules compare it: spaces and tabs run together and trimmed, ASCII letters
 * lower-cased (only those: the server compares in SQL the same way, whatever the database's locale).
 */
export const companyKey = (company: string): string =>
  company
    .replace(/[ \t\n\r\f\v]+/g, ' ')
    .replace(/^ | $/g, '')
    .replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * `POST /v1/matches/suggestions/dismiss?slot=N`: "Not now" on a suggestion offered now, kept per
 * profile. It comes back only when its hides grow past the count it had when dismissed.
 */
export type DismissSuggestionRequest = MatchSuggestion;

/** Jobs a profile may keep an action on; one more is refused with `match-actions-limit`. */
export const MATCH_ACTIONS_LIMIT = 2000;
