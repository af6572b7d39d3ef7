import { describe, expect, it } from 'vitest';
import * as guards from '../../src/machines/session/sessionGuards';
import type { RestoreResult, SignInResult } from '../../src/machines/session/sessionTypes';
import { argsWith, deferred, doneWith, failedWith } from '../support/sessionArgs';
import {
  googleSwitchCredential,
  guestUser,
  linkedUser,
  otherGuestUser,
  registeredUser,
} from '../support/sessionFixtures';

const none = argsWith();

describe('session guards on a failed operation', () => {
  it.each([
    ['isSessionRevoked', 'user-disabled', 'popup-blocked'],
    ['errorNeedsRedirect', 'popup-blocked', 'user-disabled'],
    ['errorNeedsRecentLogin', 'requires-recent-login', 'popup-blocked'],
    ['errorIsExpected', 'invalid-email', 'requires-recent-login'],
    ['errorCanBeRetried', 'backend-unavailable', 'invalid-email'],
  ] as const)('%s holds for %s, not for %s', (name, yes, no) => {
    expect(guards[name](argsWith({}, failedWith(yes)))).toBe(true);
    expect(guards[name](argsWith({}, failedWith(no)))).toBe(false);
  });

  it('errorCarriesSwitchCredential needs a switch failure that carries a credential', () => {
    const { errorCarriesSwitchCredential } = guards;
    expect(
      errorCarriesSwitchCredential(argsWith({}, failedWith('credential-already-in-use', true))),
    ).toBe(true);
    expect(
      errorCarriesSwitchCredential(argsWith({}, failedWith('credential-already-in-use'))),
    ).toBe(false);
    expect(errorCarriesSwitchCredential(argsWith({}, failedWith('popup-blocked', true)))).toBe(
      false,
    );
  });
});

describe('session guards on what an operation produced', () => {
  const signedIn = (work: 'some' | 'none' | 'unknown' | null): SignInResult => ({
    user: registeredUser,
    discardedGuest: work === null ? null : { uid: guestUser.uid, idToken: 'guest-token', work },
  });

  it('discardsGuestWork unless no guest was discarded or it saved nothing', () => {
    expect(guards.discardsGuestWork(none, signedIn('some'))).toBe(true);
    expect(guards.discardsGuestWork(none, signedIn('unknown'))).toBe(true);
    expect(guards.discardsGuestWork(none, signedIn('none'))).toBe(false);
    expect(guards.discardsGuestWork(none, signedIn(null))).toBe(false);
  });

  it('redirectNeedsSwitch only for a guest whose redirect failed with a credential to switch', () => {
    const switchError = {
      code: 'credential-already-in-use',
      message: 'in use',
      switchCredential: googleSwitchCredential,
    } as const;
    const restored = (changes: Partial<RestoreResult>): RestoreResult => ({
      user: guestUser,
      redirectError: switchError,
      ...changes,
    });
    expect(guards.redirectNeedsSwitch(none, restored({}))).toBe(true);
    expect(guards.redirectNeedsSwitch(none, restored({ user: registeredUser }))).toBe(false);
    expect(guards.redirectNeedsSwitch(none, restored({ redirectError: null }))).toBe(false);
    const withoutCredential = { code: 'credential-already-in-use', message: 'in use' } as const;
    expect(guards.redirectNeedsSwitch(none, restored({ redirectError: withoutCredential }))).toBe(
      false,
    );
    const blocked = { code: 'popup-blocked', message: 'blocked' } as const;
    expect(guards.redirectNeedsSwitch(none, restored({ redirectError: blocked }))).toBe(false);
  });

  it('isRegistered, isAnonymous and isNotRegistered tell the kinds of user apart', () => {
    const kinds = [registeredUser, guestUser, null].map((user) => [
      guards.isRegistered(none, user),
      guards.isAnonymous(none, user),
      guards.isNotRegistered(none, user),
    ]);
    expect(kinds).toEqual([
      [true, false, false],
      [false, true, true],
      [false, false, true],
    ]);
  });

  it('verificationWasSent reads the account created', () => {
    expect(guards.verificationWasSent(none, { user: linkedUser, verificationSent: true })).toBe(
      true,
    );
    expect(guards.verificationWasSent(none, { user: linkedUser, verificationSent: false })).toBe(
      false,
    );
  });

  it('isSameUser ignores a refresh but not another account or another kind', () => {
    const args = argsWith({ user: guestUser });
    expect(guards.isSameUser(args, { ...guestUser, displayName: 'Ada' })).toBe(true);
    expect(guards.isSameUser(args, otherGuestUser)).toBe(false);
    expect(guards.isSameUser(args, linkedUser)).toBe(false);
    expect(guards.isSameUser(args, null)).toBe(false);
    expect(guards.isSameUser(argsWith(), null)).toBe(true);
  });
});

describe('session guards on what the SDK did meanwhile', () => {
  it('userChangedMeanwhile compares with the user the operation produced, else ran for', () => {
    const produced = doneWith({ user: linkedUser, verificationSent: true });
    expect(guards.userChangedMeanwhile(argsWith({ user: guestUser }, produced))).toBe(false);
    expect(
      guards.userChangedMeanwhile(argsWith({ user: guestUser, ...deferred(linkedUser) }, produced)),
    ).toBe(false);
    expect(
      guards.userChangedMeanwhile(
        argsWith({ user: guestUser, ...deferred(otherGuestUser) }, produced),
      ),
    ).toBe(true);
    expect(
      guards.userChangedMeanwhile(argsWith({ user: guestUser, ...deferred(linkedUser) })),
    ).toBe(true);
    expect(guards.userChangedMeanwhile(argsWith({ user: guestUser, ...deferred(guestUser) }))).toBe(
      false,
    );
    const producedUser = doneWith(registeredUser);
    expect(
      guards.userChangedMeanwhile(argsWith({ ...deferred(registeredUser) }, producedUser)),
    ).toBe(false);
    const producedNothing = doneWith(undefined);
    expect(
      guards.userChangedMeanwhile(
        argsWith({ user: guestUser, ...deferred(guestUser) }, producedNothing),
      ),
    ).toBe(false);
  });

  it('signedInMeanwhile when the SDK reported someone, not nobody', () => {
    expect(guards.signedInMeanwhile(argsWith(deferred(registeredUser)))).toBe(true);
    expect(guards.signedInMeanwhile(argsWith(deferred(null)))).toBe(false);
    expect(guards.signedInMeanwhile(none)).toBe(false);
  });

  it('someoneElseMeanwhile needs someone the operation did not produce', () => {
    const failed = failedWith('popup-blocked');
    expect(
      guards.someoneElseMeanwhile(
        argsWith({ user: guestUser, ...deferred(registeredUser) }, failed),
      ),
    ).toBe(true);
    expect(
      guards.someoneElseMeanwhile(argsWith({ user: guestUser, ...deferred(null) }, failed)),
    ).toBe(false);
    expect(
      guards.someoneElseMeanwhile(argsWith({ user: guestUser, ...deferred(guestUser) }, failed)),
    ).toBe(false);
    expect(guards.someoneElseMeanwhile(argsWith({ user: guestUser }, failed))).toBe(false);
  });

  it('guestRegisteredMeanwhile when this very guest became registered', () => {
    expect(
      guards.guestRegisteredMeanwhile(argsWith({ user: guestUser, ...deferred(linkedUser) })),
    ).toBe(true);
    expect(
      guards.guestRegisteredMeanwhile(argsWith({ user: guestUser, ...deferred(registeredUser) })),
    ).toBe(false);
    expect(
      guards.guestRegisteredMeanwhile(argsWith({ user: guestUser, ...deferred(otherGuestUser) })),
    ).toBe(false);
    expect(
      guards.guestRegisteredMeanwhile(argsWith({ user: linkedUser, ...deferred(linkedUser) })),
    ).toBe(false);
    expect(guards.guestRegisteredMeanwhile(argsWith({ user: guestUser }))).toBe(false);
  });
});

describe('session guards on the context', () => {
  it('pendingIsPasswordChange and pendingIsEmailChange read the pending operation', () => {
    const password = argsWith({ pendingOperation: { kind: 'changePassword', newPassword: 'n' } });
    const email = argsWith({ pendingOperation: { kind: 'changeEmail', newEmail: 'a@b.example' } });
    const deletion = argsWith({ pendingOperation: { kind: 'deleteAccount' } });
    expect([password, email, deletion, none].map(guards.pendingIsPasswordChange)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([password, email, deletion, none].map(guards.pendingIsEmailChange)).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });

  it('hasRegistration, hasRegisteredUser, hasGuestUser and hasError', () => {
    const registration = { email: 'ada@example.com', password: 'secret-pass' };
    expect(guards.hasRegistration(argsWith({ registration }))).toBe(true);
    expect(guards.hasRegistration(none)).toBe(false);
    expect(guards.hasRegisteredUser(argsWith({ user: registeredUser }))).toBe(true);
    expect(guards.hasRegisteredUser(argsWith({ user: guestUser }))).toBe(false);
    expect(guards.hasRegisteredUser(none)).toBe(false);
    expect(guards.hasGuestUser(argsWith({ user: guestUser }))).toBe(true);
    expect(guards.hasGuestUser(argsWith({ user: registeredUser }))).toBe(false);
    expect(guards.hasGuestUser(none)).toBe(false);
    expect(guards.hasError(argsWith({ error: { code: 'unknown', message: 'm' } }))).toBe(true);
    expect(guards.hasError(none)).toBe(false);
  });
});
