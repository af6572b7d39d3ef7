import { assertEvent } from 'xstate';
import {
  addressedNoticeFor,
  noticeFor,
  type NoticeCode,
  type PlainNoticeCode,
} from './noticeCatalogue';
import { failureIn, type SessionArgs } from './sessionEvents';
import { failureOf, logSummaryOf, SessionFailure } from './sessionFailure';
import type { CarryOverMode } from '../../../contract';
import type {
  DiscardedGuest,
  EmailAction,
  EmailPassword,
  PasswordPolicy,
  PendingOperation,
  RestoreResult,
  SessionContext,
  SessionUser,
} from './sessionTypes';

/** How an `assign` action changes the context, as a plain function (the setup wraps it). */
type ContextUpdate = (args: SessionArgs) => Partial<SessionContext>;
/** The same, for an action that takes params. */
type ContextUpdateWith<TParams> = (args: SessionArgs, params: TParams) => Partial<SessionContext>;

const EMAIL_ACTION_NOTICES = {
  verifyEmail: 'email-verified',
  verifyAndChangeEmail: 'email-changed',
  recoverEmail: 'email-change-undone',
} as const satisfies Record<EmailAction, NoticeCode>;

export const assignUser: ContextUpdateWith<SessionUser | null> = (_, user) => ({ user });

export const assignPasswordPolicy: ContextUpdateWith<PasswordPolicy> = (_, passwordPolicy) => ({
  passwordPolicy,
});

export const assignError: ContextUpdate = ({ event }) => ({
  error: failureIn(event).toSessionError(),
});

export const assignSessionFailed: ContextUpdate = () => ({
  error: new SessionFailure('session-failed').toSessionError(),
});

export const assignRestoredError: ContextUpdateWith<RestoreResult> = (_, restored) => ({
  error: restored.redirectError ? failureOf(restored.redirectError).toSessionError() : null,
});

export const assignSwitchCredential: ContextUpdate = ({ event }) => ({
  switchCredential: failureIn(event).switchCredential ?? null,
});

export const assignRestoredSwitchCredential: ContextUpdateWith<RestoreResult> = (_, restored) => ({
  switchCredential: restored.redirectError
    ? (failureOf(restored.redirectError).switchCredential ?? null)
    : null,
});

export const clearSwitchCredential: ContextUpdate = () => ({ switchCredential: null });

export const assignPendingOperation: ContextUpdateWith<PendingOperation> = (
  _,
  pendingOperation,
) => ({
  pendingOperation,
});

export const clearPendingOperation: ContextUpdate = () => ({ pendingOperation: null });

export const deferAuthChange: ContextUpdate = ({ event }) => {
  assertEvent(event, 'AUTH_CHANGED');
  return { deferredAuthChange: event };
};

export const clearDeferredAuthChange: ContextUpdate = () => ({ deferredAuthChange: null });

/** Take the SDK's user seen while an operation ran; what the operation was for is gone. */
export const adoptDeferredUser: ContextUpdate = ({ context }) => ({
  user: context.deferredAuthChange?.user ?? null,
  deferredAuthChange: null,
  pendingOperation: null,
  switchCredential: null,
  discardedGuest: null,
  error: null,
  notice:
    context.user !== null && !context.user.isAnonymous && !context.deferredAuthChange?.user
      ? noticeFor('signed-out')
      : null,
});

/** Another user now: nothing pending, shown or offered (`registration`) was theirs. */
export const forgetPreviousUser: ContextUpdate = () => ({
  pendingOperation: null,
  switchCredential: null,
  discardedGuest: null,
  error: null,
  notice: null,
  registration: null,
});

export const assignDiscardedGuest: ContextUpdateWith<DiscardedGuest | null> = (
  _,
  discardedGuest,
) => ({
  discardedGuest,
});

export const clearDiscardedGuest: ContextUpdate = () => ({ discardedGuest: null });

/** Whatever the person does next makes the offer of their own address (`registration`) moot. */
export const clearMessages: ContextUpdate = () => ({
  error: null,
  notice: null,
  registration: null,
});

/** USE_OWN_ADDRESS keeps the registration: the form gets it back after signing out. */
export const clearNotice: ContextUpdate = () => ({ error: null, notice: null });

export const assignRegistration: ContextUpdateWith<EmailPassword> = (_, registration) => ({
  registration,
});

export const clearRegistration: ContextUpdate = () => ({ registration: null });

/**
 * Another tab registered the guest this tab was registering: follow that account, and say
 * which address holds the guest's work (this tab's own address is kept for USE_OWN_ADDRESS).
 */
export const followRegistrationElsewhere: ContextUpdate = ({ context }) => {
  const user = context.deferredAuthChange?.user ?? null;
  return {
    user,
    deferredAuthChange: null,
    error: null,
    notice: addressedNoticeFor(
      'registered-in-another-tab',
      user?.email ?? 'another sign-in method',
    ),
  };
};

export const assignNotice: ContextUpdateWith<PlainNoticeCode> = (_, code) => ({
  notice: noticeFor(code),
});

export const assignCarriedOverNotice: ContextUpdateWith<CarryOverMode> = (_, mode) => ({
  notice: noticeFor(mode === 'leave' ? 'guest-work-left' : 'guest-work-brought'),
});

export const assignEmailActionNotice: ContextUpdateWith<EmailAction> = (_, action) => ({
  notice: noticeFor(EMAIL_ACTION_NOTICES[action]),
});

/** Logs the failure's code only: the thrown value can carry tokens. */
export function logError({ event }: SessionArgs): void {
  console.error('[session]', logSummaryOf(failureIn(event)));
}
