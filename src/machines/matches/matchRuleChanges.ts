import { companyKey, type JobMatch, type MatchSuggestion } from '../../../contract';
import type { BackendError } from '../backend/clientErrors';
import {
  isJobChange,
  isUnlistedUndo,
  suggestionKey,
  type MatchActionChange,
  type MatchRuleChange,
  type QueuedChange,
} from './matchActionsTypes';
import type { MatchesContext } from './matchesTypes';

const companySuggestionKey = (company: string) =>
  suggestionKey({ kind: 'hide-company', company, hides: 0 });

/**
 * HIDE_COMPANY: one rule for every job of the company, now and later. Its listed jobs leave at
 * once (the backend leaves them out of the next read), and Undo shows the company again.
 */
export function withCompanyHidden(context: MatchesContext, company: string) {
  const key = companyKey(company);
  const other = (job: JobMatch) => companyKey(job.company) !== key;
  return {
    queue: [...context.queue, { kind: 'company', company, hidden: true } as const],
    matches: context.matches.filter(other),
    newAlerts: context.newAlerts.filter(other),
    hiddenOffer: { jobIds: [], company, what: `every job of ${company}`, error: null },
    dismissed: [...context.dismissed, companySuggestionKey(company)],
    ruleError: null,
  };
}

/** SHOW_COMPANY, or Undo of a company's hide: the rule goes, and the list reads again after. */
export function withCompanyShown(context: MatchesContext, company: string) {
  const offer = context.hiddenOffer;
  return {
    queue: [...context.queue, { kind: 'company', company, hidden: false } as const],
    hiddenOffer: offer?.company === company ? null : offer,
    ruleError: null,
  };
}

/** DISMISS_SUGGESTION: gone at once; the backend keeps it so until its hides grow. */
export function withDismissal(context: MatchesContext, suggestion: MatchSuggestion) {
  return {
    queue: [...context.queue, { kind: 'dismiss', suggestion } as const],
    dismissed: [...context.dismissed, suggestionKey(suggestion)],
    ruleError: null,
  };
}

/** Undo of the last hide: each job shown again, or the company's rule removed. */
export function withUndoneHide(context: MatchesContext) {
  const offer = context.hiddenOffer;
  if (offer?.company !== undefined) return withCompanyShown(context, offer.company);
  const changes = (offer?.jobIds ?? []).map((jobId): MatchActionChange => ({
    jobId,
    kind: 'hide',
    patch: { hidden: null },
  }));
  return { queue: [...context.queue, ...changes], hiddenOffer: null };
}

/**
 * A refused rule: its suggestion is offered again, with the error. A company's jobs come back
 * with the list's next read (`needsRefresh`).
 */
export function withRuleFailure(
  context: MatchesContext,
  change: MatchRuleChange,
  error: BackendError,
) {
  const key =
    change.kind === 'dismiss'
      ? suggestionKey(change.suggestion)
      : companySuggestionKey(change.company);
  const offer = context.hiddenOffer;
  return {
    ruleError: error,
    dismissed: context.dismissed.filter((each) => each !== key),
    hiddenOffer: change.kind === 'company' && offer?.company === change.company ? null : offer,
  };
}

/**
 * Whether the list must read again once this change is answered (or refused): a job or company
 * shown again that the list no longer holds, or a company's hide that failed.
 */
export function needsRefresh(context: MatchesContext, change: QueuedChange, refused: boolean) {
  if (isJobChange(change)) return !refused && isUnlistedUndo(context, change);
  return change.kind === 'company' && change.hidden === refused;
}
