import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/session/passwordPolicy';
import { INITIAL_SESSION_CONTEXT, sessionMachine } from '../../src/machines/session/sessionMachine';
import type {
  SessionContext,
  SessionError,
  SessionNotice,
  SessionUser,
} from '../../src/machines/session/sessionTypes';
import { SESSION_STOPPED_ERROR, toSessionView } from '../../src/ui/session/sessionView';
import { guestUser } from '../support/sessionFixtures';

const guest: SessionUser = guestUser;
const member: SessionUser = {
  ...guest,
  uid: 'user-1',
  email: 'ada@example.com',
  isAnonymous: false,
  providerIds: ['password'],
};

const baseContext: SessionContext = { ...INITIAL_SESSION_CONTEXT };

type StateValueOf = Parameters<typeof sessionMachine.resolveState>[0]['value'];

/** A real snapshot of the session machine in `value` with `context`. */
function snapshotIn(value: StateValueOf, context: Partial<SessionContext> = {}) {
  return sessionMachine.resolveState({ value, context: { ...baseContext, ...context } });
}

describe('toSessionView', () => {
  it('is restoring while the machine restores, with nothing known yet', () => {
    const view = toSessionView(snapshotIn('restoring'));
    expect(view).toMatchObject({
      status: 'restoring',
      operation: null,
      user: null,
    });
  });

  it('maps each state to the status the UI routes on and the operation buttons show', () => {
    const cases: Array<[StateValueOf, SessionUser | null, string, string | null]> = [
      ['startingGuest', null, 'guest', 'startGuest'],
      [{ guest: 'idle' }, guest, 'guest', null],
      [{ guest: 'sendingPasswordReset' }, guest, 'guest', 'sendPasswordReset'],
      [{ guest: 'confirmingPasswordReset' }, guest, 'guest', 'confirmPasswordReset'],
      ['linking', guest, 'guest', 'createAccount'],
      ['signingIn', guest, 'guest', 'signIn'],
      ['popupPending', guest, 'guest', 'continueWithGoogle'],
      ['redirecting', guest, 'guest', 'redirectToGoogle'],
      ['switchingAccount', guest, 'guest', 'switchAccount'],
      [{ authenticated: 'idle' }, member, 'registered', null],
      [{ authenticated: 'changingPassword' }, member, 'registered', 'changePassword'],
      [{ authenticated: 'refreshingSession' }, member, 'registered', 'refreshSession'],
      [{ authenticated: 'deletingAccount' }, member, 'registered', 'deleteAccount'],
      [{ authenticated: 'sendingPasswordReset' }, member, 'registered', 'sendPasswordReset'],
      // Still registered until the sign-out has finished: the header keeps "Account" meanwhile.
      ['signingOut', member, 'registered', 'signOut'],
    ];
    for (const [value, user, status, operation] of cases) {
      expect(toSessionView(snapshotIn(value, { user })), JSON.stringify(value)).toMatchObject({
        status,
        operation,
      });
    }
  });

  it('passes user, error, notice and password policy through unchanged (same references)', () => {
    const error: SessionError = {
      code: 'invalid-credential',
      message: 'The email address or password is incorrect.',
    };
    const notice: SessionNotice = { code: 'password-reset-sent', message: 'Check your inbox.' };
    const passwordPolicy = {
      ...DEFAULT_PASSWORD_POLICY,
      minLength: 10,
      requireNumeric: true,
      source: 'provider' as const,
    };
    const snapshot = snapshotIn({ guest: 'idle' }, { user: guest, error, notice, passwordPolicy });
    const view = toSessionView(snapshot);
    expect(view.user).toBe(snapshot.context.user);
    expect(view.error).toBe(snapshot.context.error);
    expect(view.notice).toBe(snapshot.context.notice);
    expect(view.passwordPolicy).toBe(snapshot.context.passwordPolicy);
  });

  it('says which operation waits for a recent sign-in, without exposing the new password', () => {
    const pendingOperation = { kind: 'changePassword' as const, newPassword: 'secret-new' };
    const waiting = toSessionView(
      snapshotIn({ authenticated: 'needsRecentLogin' }, { user: member, pendingOperation }),
    );
    expect(waiting).toMatchObject({
      status: 'registered',
      operation: null,
      reauthenticationFor: 'changePassword',
    });
    expect(JSON.stringify(waiting)).not.toContain('secret-new');

    const confirming = toSessionView(
      snapshotIn(
        { authenticated: 'reauthenticating' },
        { user: member, pendingOperation: { kind: 'deleteAccount' } },
      ),
    );
    expect(confirming).toMatchObject({
      operation: 'reauthenticate',
      reauthenticationFor: 'deleteAccount',
    });

    const idle = toSessionView(
      snapshotIn({ authenticated: 'idle' }, { user: member, pendingOperation }),
    );
    expect(idle.reauthenticationFor).toBeNull();
  });

  it('reports "Failed to create session" as failed', () => {
    const error: SessionError = { code: 'session-failed', message: 'Failed to create session' };
    expect(toSessionView(snapshotIn('sessionFailed', { error }))).toMatchObject({
      status: 'failed',
      error,
    });
  });

  it('reports an actor that stopped on an error as failed, so the UI never waits forever', () => {
    const snapshot = {
      ...snapshotIn({ guest: 'idle' }, { user: guest }),
      status: 'error' as const,
    };
    expect(toSessionView(snapshot)).toMatchObject({
      status: 'failed',
      operation: null,
      error: SESSION_STOPPED_ERROR,
    });
  });
});
