import type {
  AlertMatch,
  AlertProfile,
  GetProfileResponse,
  JobMatch,
  ProfileSlot,
} from '../../../contract';
import type { BackendError } from '../backend/clientErrors';
import {
  EMPTY_MATCH_ACTIONS,
  type MatchActionsContext,
  type MatchActionsEvent,
} from './matchActionsTypes';

/** What one load of the matches page brings. */
export interface MatchesResult {
  /** Whether the plan covers the slot shown (a slot above it has no matches). */
  active: boolean;
  profileMissing: boolean;
  matches: JobMatch[];
  /** Alerts the person has not seen yet, newest first: shown above the matches, marked New. */
  newAlerts: AlertMatch[];
  /** The saved profile, read only when it has no matches yet, to say what is being watched. */
  watching: AlertProfile | null;
  /** When the answer arrived (ISO 8601): "posted 4 minutes ago" counts from here. */
  checkedAt: string;
  /**
   * The user's profiles (slots that hold one), to choose whose matches to see and to say which
   * profile an alert fits; empty when they could not be read (a nicety on top of the matches).
   */
  profiles: GetProfileResponse[];
}

export interface MatchesContext extends Omit<MatchesResult, 'checkedAt'>, MatchActionsContext {
  /** Whose matches these are; null until the first LOAD. */
  uid: string | null;
  /** Which of the user's profiles the matches are for (the page's `?slot=N`). */
  slot: ProfileSlot;
  checkedAt: string | null;
  error: BackendError | null;
  /** The last alert the live stream brought while the page is open (announced to screen readers). */
  arrived: AlertMatch | null;
  /** Live stream failures in a row: the next connection waits longer. */
  streamFailures: number;
  /**
   * The newest alert id this page knows of (shown or not), the catch-up's cursor: set by the first
   * catch-up after the stream opened, raised by each alert after it; null before (unknown).
   */
  lastAlertId: number | null;
}

export type MatchesEvent =
  | { type: 'LOAD'; uid: string; slot: ProfileSlot }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  // From the live stream's actor.
  | { type: 'STREAM_OPENED' }
  | { type: 'ALERT_ARRIVED'; alert: AlertMatch }
  | { type: 'STREAM_ENDED' }
  | { type: 'STREAM_FAILED'; error: unknown }
  | MatchActionsEvent;

/** `actionsReady` once the profile's actions are read: only then can a match be changed. */
export type MatchesTag = 'loading' | 'refreshing' | 'busy' | 'actionsReady';

/** New alerts shown at most (the oldest go: they are among the matches anyway). */
export const NEW_ALERTS_SHOWN = 50;

/** The live stream waits 1 s after a failure, doubling to 30 s. */
export function streamRetryDelayMs(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

/** `alerts` and then `older`, one per job (the first wins), newest first, at most `NEW_ALERTS_SHOWN`. */
export function newestAlertPerJob(alerts: readonly AlertMatch[]): AlertMatch[] {
  const seen = new Set<number>();
  return alerts
    .filter((alert) => !seen.has(alert.jobId) && Boolean(seen.add(alert.jobId)))
    .slice(0, NEW_ALERTS_SHOWN);
}

/**
 * What a catch-up (the recent alerts, read when the stream opened) adds: alerts for jobs not shown
 * as new yet that are unseen, or, once the cursor is known, newer than it (made while no stream was
 * open, perhaps seen in another tab since). Newest first, as read.
 */
export function caughtUpAlerts(
  context: Pick<MatchesContext, 'newAlerts' | 'lastAlertId'>,
  recent: readonly AlertMatch[],
): AlertMatch[] {
  const { lastAlertId } = context;
  const shown = new Set(context.newAlerts.map((alert) => alert.jobId));
  return recent.filter(
    (alert) =>
      !shown.has(alert.jobId) &&
      (alert.new || (lastAlertId !== null && alert.alertId > lastAlertId)),
  );
}

/** The matches that are not already shown as new alerts. */
export function withoutAlerted(
  matches: readonly JobMatch[],
  alerts: readonly AlertMatch[],
): JobMatch[] {
  const alerted = new Set(alerts.map((alert) => alert.jobId));
  return matches.filter((match) => !alerted.has(match.jobId));
}

/** Before the first LOAD: nobody's matches. */
export const EMPTY_MATCHES_CONTEXT: MatchesContext = {
  uid: null,
  slot: 1,
  active: true,
  profileMissing: false,
  matches: [],
  newAlerts: [],
  watching: null,
  profiles: [],
  checkedAt: null,
  error: null,
  arrived: null,
  streamFailures: 0,
  lastAlertId: null,
  ...EMPTY_MATCH_ACTIONS,
};

/** The profiles an alert or a match can be for: those the plan covers that hold a profile. */
export function activeProfiles(profiles: readonly GetProfileResponse[]): GetProfileResponse[] {
  return profiles.filter((entry) => entry.active && entry.profile !== null);
}
