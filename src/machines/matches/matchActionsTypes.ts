import {
  companyKey,
  type HiddenCompany,
  type HideReason,
  type JobMatch,
  type MatchAction,
  type MatchActionsResponse,
  type MatchSuggestion,
  type PutMatchActionRequest,
} from '../../../contract';
import type { BackendError } from '../backend/clientErrors';

/** Which of a card's controls a change comes from: its busy state and its error belong there. */
export type MatchActionKind = 'save' | 'apply' | 'hide';

/** One change the seeker asked for, applied to the job's state as the backend last answered it. */
export interface MatchActionChange {
  jobId: number;
  kind: MatchActionKind;
  patch: Partial<PutMatchActionRequest>;
}

/** A change to the profile's rules: a company hidden (or shown again), a suggestion dismissed. */
export type MatchRuleChange =
  | { kind: 'company'; company: string; hidden: boolean }
  | { kind: 'dismiss'; suggestion: MatchSuggestion };

/** What waits to be sent: one job's change or a rule's, in the order asked. */
export type QueuedChange = MatchActionChange | MatchRuleChange;

export const isJobChange = (change: QueuedChange): change is MatchActionChange => 'jobId' in change;

/** A change the backend refused or never answered: shown where it was asked for. */
export interface MatchActionFailure {
  jobId: number;
  kind: MatchActionKind;
  error: BackendError;
}

/** The last hide (one job, or every job of a company), offered for Undo until the next one. */
export interface HiddenOffer {
  jobIds: number[];
  /** A company hidden by rule: Undo shows it again. */
  company?: string;
  /** "Senior Frontend Engineer at Acme Cloud", "2 jobs of Acme Cloud". */
  what: string;
  /** Why the undo failed (the jobs stay hidden). */
  error: BackendError | null;
}

export interface MatchActionsContext {
  /** What the backend last answered: the profile's actions, most recently changed first. */
  actions: MatchAction[];
  suggestions: MatchSuggestion[];
  hiddenCompanies: HiddenCompany[];
  /** Why the last rule change (hide or show a company, dismiss a suggestion) was refused. */
  ruleError: BackendError | null;
  /** Why the actions could not be read (the Saved and Applied views say so). */
  actionsError: BackendError | null;
  /** Changes not answered yet, in the order asked; the first is on its way. */
  queue: QueuedChange[];
  failures: MatchActionFailure[];
  hiddenOffer: HiddenOffer | null;
  /** Suggestions waved away (`suggestionKey`): gone at once, before the backend keeps it. */
  dismissed: string[];
}

export type MatchActionsEvent =
  | { type: 'SAVE'; jobId: number; saved: boolean }
  | { type: 'APPLY'; jobId: number; appliedOn: string | null }
  | { type: 'HIDE'; jobId: number; reason: HideReason }
  | { type: 'UNDO_HIDE' }
  /** A `hide-company` suggestion taken: every job of the company, now and later, is hidden. */
  | { type: 'HIDE_COMPANY'; company: string }
  | { type: 'SHOW_COMPANY'; company: string }
  | { type: 'DISMISS_SUGGESTION'; suggestion: MatchSuggestion }
  | { type: 'RETRY_ACTIONS' };

export const EMPTY_MATCH_ACTIONS: MatchActionsContext = {
  actions: [],
  suggestions: [],
  hiddenCompanies: [],
  ruleError: null,
  actionsError: null,
  queue: [],
  failures: [],
  hiddenOffer: null,
  dismissed: [],
};

const NOTHING: PutMatchActionRequest = { saved: false, appliedOn: null, hidden: null };

/** The job's state as the backend last answered it (nothing kept when it has no action). */
export function keptStateOf(actions: readonly MatchAction[], jobId: number): PutMatchActionRequest {
  const kept = actions.find((action) => action.jobId === jobId);
  return kept ? { saved: kept.saved, appliedOn: kept.appliedOn, hidden: kept.hidden } : NOTHING;
}

/** What to send for the first queued change: the whole state, as the backend wants it. */
export function requestOf(
  context: Pick<MatchActionsContext, 'actions'>,
  change: MatchActionChange,
): PutMatchActionRequest {
  return { ...keptStateOf(context.actions, change.jobId), ...change.patch };
}

/** Whether the job is hidden, or about to be: it leaves the list at once, and returns on failure. */
export function isHidden(
  context: Pick<MatchActionsContext, 'actions' | 'queue'>,
  jobId: number,
): boolean {
  const asked = context.queue
    .filter(isJobChange)
    .filter((change) => change.jobId === jobId && 'hidden' in change.patch);
  const last = asked.at(-1);
  return last ? last.patch.hidden !== null : keptStateOf(context.actions, jobId).hidden !== null;
}

/** Whether a change of this kind to the job is on its way (its button shows busy). */
export function isPending(
  context: Pick<MatchActionsContext, 'queue'>,
  jobId: number,
  kind: MatchActionKind,
): boolean {
  return context.queue.some(
    (change) => isJobChange(change) && change.jobId === jobId && change.kind === kind,
  );
}

export function failureOf(
  context: Pick<MatchActionsContext, 'failures'>,
  jobId: number,
): MatchActionFailure | null {
  return context.failures.find((failure) => failure.jobId === jobId) ?? null;
}

/** Asks for `change`: queued behind the others; an earlier failure of the job is forgotten. */
export function withChange(
  context: MatchActionsContext,
  change: MatchActionChange,
): Pick<MatchActionsContext, 'queue' | 'failures'> {
  return {
    queue: [...context.queue, change],
    failures: context.failures.filter((failure) => failure.jobId !== change.jobId),
  };
}

/** The backend's answer to the first change (or to the load). */
export function withAnswer(answer: MatchActionsResponse): Partial<MatchActionsContext> {
  const { actions, suggestions, hiddenCompanies } = answer;
  return { actions, suggestions, hiddenCompanies, actionsError: null };
}

/** A suggestion's identity, as the backend keeps its dismissal. */
export const suggestionKey = (suggestion: MatchSuggestion): string =>
  suggestion.kind === 'hide-company'
    ? `company:${companyKey(suggestion.company)}`
    : `field:${suggestion.field}`;

/** The suggestions to offer: those not dismissed (the backend leaves out those it keeps so). */
export function offeredSuggestions(context: MatchActionsContext): MatchSuggestion[] {
  return context.suggestions.filter(
    (suggestion) => !context.dismissed.includes(suggestionKey(suggestion)),
  );
}

/** The jobs the matches page lists. */
interface MatchesListed {
  newAlerts: readonly JobMatch[];
  matches: readonly JobMatch[];
}

/** Hides `jobIds` for `reason`, offering Undo for them together. */
export function withHides(
  context: MatchActionsContext,
  jobIds: readonly number[],
  reason: HideReason,
  what: string,
): Pick<MatchActionsContext, 'queue' | 'failures' | 'hiddenOffer'> {
  const changes = jobIds.map((jobId): MatchActionChange => ({
    jobId,
    kind: 'hide',
    patch: { hidden: reason },
  }));
  const failures = context.failures.filter((failure) => !jobIds.includes(failure.jobId));
  return {
    queue: [...context.queue, ...changes],
    failures,
    hiddenOffer: { jobIds: [...jobIds], what, error: null },
  };
}

/** An undone hide of a job the list no longer holds (a refresh left it out): the list reads again. */
export function isUnlistedUndo(
  context: Pick<MatchesListed, 'newAlerts' | 'matches'>,
  change: MatchActionChange,
): boolean {
  const listed = [...context.newAlerts, ...context.matches];
  return change.patch.hidden === null && !listed.some((job) => job.jobId === change.jobId);
}
