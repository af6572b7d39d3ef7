import { afterEach, describe, expect, it, vi } from 'vitest';
import { addressedNoticeFor, noticeFor } from '../../src/machines/session/noticeCatalogue';
import * as actions from '../../src/machines/session/sessionActions';
import { DEFAULT_PASSWORD_POLICY } from '../../src/machines/session/passwordPolicy';
import type { SessionContext } from '../../src/machines/session/sessionTypes';
import { argsWith, deferred, failedWith } from '../support/sessionArgs';
import {
  googleSwitchCredential,
  guestUser,
  linkedUser,
  providerPolicy,
  registeredUser,
} from '../support/sessionFixtures';

const none = argsWith();
const registration = { email: 'ada@example.com', password: 'secret-pass' };
const discardedGuest = { uid: guestUser.uid, idToken: 'guest-token', work: 'some' } as const;

describe('session context updates that take their value from params', () => {
  it('assign the user, policy, pending operation, discarded guest and registration given', () => {
    expect(actions.assignUser(none, registeredUser)).toEqual({ user: registeredUser });
    expect(actions.assignUser(none, null)).toEqual({ user: null });
    expect(actions.assignPasswordPolicy(none, providerPolicy)).toEqual({
      passwordPolicy: providerPolicy,
    });
    const pendingOperation = { kind: 'deleteAccount' } as const;
    expect(actions.assignPendingOperation(none, pendingOperation)).toEqual({ pendingOperation });
    expect(actions.assignDiscardedGuest(none, discardedGuest)).toEqual({ discardedGuest });
    expect(actions.assignRegistration(none, registration)).toEqual({ registration });
  });

  it('assign the notice for a code, a carry-over mode and an e-mailed action', () => {
    expect(actions.assignNotice(none, 'password-changed')).toEqual({
      notice: noticeFor('password-changed'),
    });
    expect(actions.assignCarriedOverNotice(none, 'leave')).toEqual({
      notice: noticeFor('guest-work-left'),
    });
    expect(actions.assignCarriedOverNotice(none, 'merge')).toEqual({
      notice: noticeFor('guest-work-brought'),
    });
    expect(actions.assignEmailActionNotice(none, 'verifyEmail')).toEqual({
      notice: noticeFor('email-verified'),
    });
    expect(actions.assignEmailActionNotice(none, 'verifyAndChangeEmail')).toEqual({
      notice: noticeFor('email-changed'),
    });
    expect(actions.assignEmailActionNotice(none, 'recoverEmail')).toEqual({
      notice: noticeFor('email-change-undone'),
    });
  });

  it("take a restored redirect's error and credential, or clear them", () => {
    const redirectError = {
      code: 'credential-already-in-use',
      message: 'in use',
      switchCredential: googleSwitchCredential,
    } as const;
    const failed = { user: guestUser, redirectError };
    expect(actions.assignRestoredError(none, failed)).toEqual({
      error: { code: 'credential-already-in-use', message: 'in use' },
    });
    expect(actions.assignRestoredSwitchCredential(none, failed)).toEqual({
      switchCredential: googleSwitchCredential,
    });
    const blocked = {
      user: guestUser,
      redirectError: { code: 'popup-blocked', message: 'b' },
    } as const;
    expect(actions.assignRestoredSwitchCredential(none, blocked)).toEqual({
      switchCredential: null,
    });
    const clean = { user: guestUser, redirectError: null };
    expect(actions.assignRestoredError(none, clean)).toEqual({ error: null });
    expect(actions.assignRestoredSwitchCredential(none, clean)).toEqual({ switchCredential: null });
  });
});

describe('session context updates that read the event', () => {
  it("assignError and assignSwitchCredential take the failure's shown part and credential", () => {
    const withCredential = argsWith({}, failedWith('credential-already-in-use', true));
    expect(actions.assignError(withCredential)).toEqual({
      error: {
        code: 'credential-already-in-use',
        message: 'This sign-in is already linked to another ApplyFirst account.',
      },
    });
    expect(actions.assignSwitchCredential(withCredential)).toEqual({
      switchCredential: googleSwitchCredential,
    });
    expect(actions.assignSwitchCredential(argsWith({}, failedWith('popup-blocked')))).toEqual({
      switchCredential: null,
    });
  });

  it('deferAuthChange keeps an AUTH_CHANGED and refuses any other event', () => {
    const event = { type: 'AUTH_CHANGED', user: linkedUser } as const;
    expect(actions.deferAuthChange(argsWith({}, event))).toEqual({ deferredAuthChange: event });
    expect(() => actions.deferAuthChange(none)).toThrow(/AUTH_CHANGED/);
  });

  it('logError logs the failure code only', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    actions.logError(argsWith({}, failedWith('credential-already-in-use', true)));
    expect(logged.mock.calls).toEqual([['[session]', { code: 'credential-already-in-use' }]]);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });
});

describe('session context updates that read the context', () => {
  it('adoptDeferredUser takes the deferred user and forgets what the operation was for', () => {
    const busy: Partial<SessionContext> = {
      user: guestUser,
      pendingOperation: { kind: 'deleteAccount' },
      switchCredential: googleSwitchCredential,
      discardedGuest,
      error: { code: 'unknown', message: 'm' },
      notice: noticeFor('password-changed'),
    };
    expect(actions.adoptDeferredUser(argsWith({ ...busy, ...deferred(registeredUser) }))).toEqual({
      user: registeredUser,
      deferredAuthChange: null,
      pendingOperation: null,
      switchCredential: null,
      discardedGuest: null,
      error: null,
      notice: null,
    });
  });

  it('adoptDeferredUser says a registered user was signed out, not a guest', () => {
    const signedOut = actions.adoptDeferredUser(
      argsWith({ user: registeredUser, ...deferred(null) }),
    );
    expect(signedOut).toMatchObject({ user: null, notice: noticeFor('signed-out') });
    const guestGone = actions.adoptDeferredUser(argsWith({ user: guestUser, ...deferred(null) }));
    expect(guestGone).toMatchObject({ user: null, notice: null });
  });

  it('followRegistrationElsewhere follows the account and names its address', () => {
    const context = { user: guestUser, registration, ...deferred(linkedUser) };
    expect(actions.followRegistrationElsewhere(argsWith(context))).toEqual({
      user: linkedUser,
      deferredAuthChange: null,
      error: null,
      notice: addressedNoticeFor('registered-in-another-tab', 'ada@example.com'),
    });
    const googleOnly = { ...linkedUser, email: null };
    expect(
      actions.followRegistrationElsewhere(argsWith({ user: guestUser, ...deferred(googleOnly) })),
    ).toMatchObject({
      notice: addressedNoticeFor('registered-in-another-tab', 'another sign-in method'),
    });
  });
});

describe('session context updates that clear', () => {
  it.each([
    ['assignSessionFailed', { error: { code: 'session-failed' } }],
    ['clearSwitchCredential', { switchCredential: null }],
    ['clearPendingOperation', { pendingOperation: null }],
    ['clearDeferredAuthChange', { deferredAuthChange: null }],
    ['clearDiscardedGuest', { discardedGuest: null }],
    ['clearRegistration', { registration: null }],
    ['clearNotice', { error: null, notice: null }],
    ['clearMessages', { error: null, notice: null, registration: null }],
    [
      'forgetPreviousUser',
      {
        pendingOperation: null,
        switchCredential: null,
        discardedGuest: null,
        error: null,
        notice: null,
        registration: null,
      },
    ],
  ] as const)('%s sets exactly %o', (name, expected) => {
    const full = argsWith({
      user: registeredUser,
      passwordPolicy: DEFAULT_PASSWORD_POLICY,
      registration,
      discardedGuest,
      ...deferred(linkedUser),
    });
    const update = actions[name](full);
    expect(Object.keys(update).sort()).toEqual(Object.keys(expected).sort());
    expect(update).toMatchObject(expected);
  });
});
