import type { AlertProfile, JobMatch } from '../backendApi';
import type { BackendError } from './backendClient';

/** What one load of the matches page brings. */
export interface MatchesResult {
  profileMissing: boolean;
  matches: JobMatch[];
  /** The saved profile, read only when it has no matches yet, to say what is being watched. */
  watching: AlertProfile | null;
  /** When the answer arrived (ISO 8601): "posted 4 minutes ago" counts from here. */
  checkedAt: string;
}

export interface MatchesContext extends Omit<MatchesResult, 'checkedAt'> {
  /** Whose matches these are; null until the first LOAD. */
  uid: string | null;
  checkedAt: string | null;
  error: BackendError | null;
}

export type MatchesEvent = { type: 'LOAD'; uid: string } | { type: 'REFRESH' } | { type: 'RETRY' };

export type MatchesTag = 'loading' | 'refreshing' | 'busy';

/** Before the first LOAD: nobody's matches. */
export const EMPTY_MATCHES_CONTEXT: MatchesContext = {
  uid: null,
  profileMissing: false,
  matches: [],
  watching: null,
  checkedAt: null,
  error: null,
};
