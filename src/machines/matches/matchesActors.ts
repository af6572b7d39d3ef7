import { fromCallback, fromPromise } from 'xstate';
import type {
  AlertMatch,
  MatchActionsResponse,
  ProfileSlot,
  PutMatchActionRequest,
} from '../../../contract';
import type { BackendClient } from '../backend/backendClient';
import type { MatchRuleChange } from './matchActionsTypes';
import type { MatchesEvent, MatchesResult } from './matchesTypes';

export interface UidInput {
  uid: string;
}

/** The user and the profile whose matches a call reads. */
export interface SlotInput extends UidInput {
  slot: ProfileSlot;
}

export interface AlertIdsInput {
  alertIds: number[];
}

/** One job's whole state, or a rule's change, for the profile the slot names. */
export type PutActionInput = SlotInput &
  ({ jobId: number; action: PutMatchActionRequest } | { rule: MatchRuleChange });

/** What the live stream's actor sends the machine. */
type StreamEvent = Extract<
  MatchesEvent,
  { type: 'STREAM_OPENED' | 'ALERT_ARRIVED' | 'STREAM_ENDED' | 'STREAM_FAILED' }
>;

/** The actors a running app gives the machine; the uid is the user the call is for. */
export function createMatchesActors(client: BackendClient) {
  return {
    loadMatches: fromPromise<MatchesResult, SlotInput>(async ({ input }) => {
      const [answer, alerts, profiles] = await Promise.all([
        client.getMatches(input.slot),
        // Only a nicety on top of the matches: without it, none is marked new.
        client.alerts().then(
          ({ alerts: found }) => found,
          () => [],
        ),
        // Only a nicety too: without it, no other profile is offered and alerts name none.
        client.listProfiles().then(
          ({ profiles: found }) => found,
          () => [],
        ),
      ]);
      const empty = !answer.profileMissing && answer.matches.length === 0;
      // For the empty page: what this profile watches (without the list, what is watched in general).
      const watching = empty
        ? (profiles.find((entry) => entry.slot === input.slot)?.profile ?? null)
        : null;
      return {
        active: answer.active,
        profileMissing: answer.profileMissing,
        matches: answer.matches,
        newAlerts: alerts.filter((alert) => alert.new),
        watching,
        profiles,
        checkedAt: new Date().toISOString(),
      };
    }),
    // The recent alerts, read each time the stream opens: those made while none was open.
    catchUpAlerts: fromPromise<AlertMatch[], UidInput>(async () => (await client.alerts()).alerts),
    // Seen once shown; a failure only leaves them new for the next visit.
    markAlertsSeen: fromPromise<void, AlertIdsInput>(async ({ input }) => {
      await client.markAlertsSeen(input.alertIds).catch(() => undefined);
    }),
    loadActions: fromPromise<MatchActionsResponse, SlotInput>(({ input }) =>
      client.getMatchActions(input.slot),
    ),
    putAction: fromPromise<MatchActionsResponse, PutActionInput>(({ input }) => {
      if (!('rule' in input)) return client.putMatchAction(input.jobId, input.action, input.slot);
      const { rule } = input;
      return rule.kind === 'dismiss'
        ? client.dismissSuggestion(rule.suggestion, input.slot)
        : client.putHiddenCompany({ company: rule.company, hidden: rule.hidden }, input.slot);
    }),
    streamAlerts: fromCallback<MatchesEvent, UidInput>(({ sendBack }) => {
      const stopped = new AbortController();
      const report = (event: StreamEvent) => {
        if (!stopped.signal.aborted) sendBack(event);
      };
      client
        .streamAlerts(
          stopped.signal,
          (alert) => report({ type: 'ALERT_ARRIVED', alert }),
          () => report({ type: 'STREAM_OPENED' }),
        )
        .then(
          () => report({ type: 'STREAM_ENDED' }),
          (error: unknown) => report({ type: 'STREAM_FAILED', error }),
        );
      return () => stopped.abort();
    }),
  };
}
