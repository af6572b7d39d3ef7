import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/passwordPolicy';
import { sessionMachine } from '../../src/machines/sessionMachine';
import type { SessionContext, SessionUser } from '../../src/machines/sessionTypes';
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

const baseContext: SessionContext = {
  user: null,
  error: null,
  notice: null,
  switchCredential: null,
  pendingOperation: null,
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
};

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
      activity: null,
      user: null,
      state: 'restoring',
    });
  });

  it('maps each state to the status the UI routes on and the activity buttons show', () => {
    const cases: Array<[StateValueOf, SessionUser | null, string, string | null]> = [
      ['startingGuest', null, 'guest', 'startingGuest'],
      [{ guest: 'idle' }, guest, 'guest', null],
      [{ guest: 'sendingPasswordReset' }, guest, 'guest', 'sendingPasswordReset'],
      [{ guest: 'confirmingPasswordReset' }, guest, 'guest', 'confirmingPasswordReset'],
      ['linking', guest, 'guest', 'signingUp'],
      ['signingIn', guest, 'guest', 'signingIn'],
      ['popupPending', guest, 'guest', 'googlePopup'],
      ['redirecting', guest, 'guest', 'googleRedirect'],
      ['switchingAccount', guest, 'guest', 'switchingAccount'],
      [{ authenticated: 'idle' }, member, 'registered', null],
      [{ authenticated: 'updatingPassword' }, member, 'registered', 'updatingPassword'],
      [{ authenticated: 'refreshing' }, member, 'registered', 'refreshing'],
      [{ authenticated: 'deletingAccount' }, member, 'registered', 'deletingAccount'],
      [{ authenticated: 'sendingPasswordReset' }, member, 'registered', 'sendingPasswordReset'],
      // Still registered until the sign-out has finished: the header keeps "Account" meanwhile.
      ['signingOut', member, 'registered', 'signingOut'],
    ];
    for (const [value, user, status, activity] of cases) {
      expect(toSessionView(snapshotIn(value, { user })), JSON.stringify(value)).toMatchObject({
        status,
        activity,
      });
    }
  });

  it('passes user, error, notice and password policy through unchanged (same references)', () => {
    const error = {
      code: 'invalid-credential',
      message: 'The email address or password is incorrect.',
    };
    const notice = { code: 'password-reset-sent', message: 'Check your inbox.' };
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
    const pendingOperation = { kind: 'updatePassword' as const, newPassword: 'secret-new' };
    const waiting = toSessionView(
      snapshotIn({ authenticated: 'needsRecentLogin' }, { user: member, pendingOperation }),
    );
    expect(waiting).toMatchObject({
      status: 'registered',
      activity: null,
      reauthenticationFor: 'updatePassword',
    });
    expect(JSON.stringify(waiting)).not.toContain('secret-new');

    const confirming = toSessionView(
      snapshotIn(
        { authenticated: 'reauthenticating' },
        { user: member, pendingOperation: { kind: 'deleteAccount' } },
      ),
    );
    expect(confirming).toMatchObject({
      activity: 'reauthenticating',
      reauthenticationFor: 'deleteAccount',
    });

    const idle = toSessionView(
      snapshotIn({ authenticated: 'idle' }, { user: member, pendingOperation }),
    );
    expect(idle.reauthenticationFor).toBeNull();
  });

  it('reports "Failed to create session" as failed', () => {
    const error = { code: 'session-failed', message: 'Failed to create session' };
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
      activity: null,
      error: SESSION_STOPPED_ERROR,
    });
  });
});
