import { useCallback, useState } from 'react';
import type {
  SessionError,
  SessionNotice,
  SessionUserEvent,
} from '../../machines/session/sessionTypes';
import { useSessionError, useSessionNotice, useSessionSend } from '../session';

/** The account page's sections; each shows the feedback of its own actions, next to them. */
export type AccountSection = 'session' | 'verification' | 'email' | 'password' | 'reset' | 'delete';

export interface Feedback {
  error: SessionError | null;
  notice: SessionNotice | null;
}

const NO_FEEDBACK: Feedback = { error: null, notice: null };

export interface AccountActions {
  /** Sends `event` on behalf of `section`, which then shows the outcome. */
  act: (section: AccountSection, event: SessionUserEvent) => void;
  /** The machine's current error and notice if they belong to `section`; `null` is the page itself. */
  feedbackFor: (section: AccountSection | null) => Feedback;
}

export function useAccountActions(): AccountActions {
  const send = useSessionSend();
  const error = useSessionError();
  const notice = useSessionNotice();
  const [lastSection, setLastSection] = useState<AccountSection | null>(null);

  const act = useCallback(
    (section: AccountSection, event: SessionUserEvent) => {
      setLastSection(section);
      send(event);
    },
    [send],
  );

  const feedbackFor = (section: AccountSection | null): Feedback =>
    section === lastSection ? { error, notice } : NO_FEEDBACK;

  return { act, feedbackFor };
}
