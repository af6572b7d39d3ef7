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
