import { describe, expect, it } from 'vitest';
import { operationState } from '../../src/machines/session/operationState';

function guardsOf(transitions: readonly { guard?: unknown }[] | undefined): unknown[] {
  return (transitions ?? []).map((transition) => transition.guard);
}

describe('operationState', () => {
  it('invokes the actor under its own name, tagged with it and busy, deferring AUTH_CHANGED', () => {
    const state = operationState('sendEmailVerification', {
      tags: ['reauthenticationNeeded'],
      onError: [{ target: 'idle', actions: 'assignError' }],
    });
    expect(state.invoke).toMatchObject({
      id: 'sendEmailVerification',
      src: 'sendEmailVerification',
    });
    expect(state.tags).toEqual(['sendEmailVerification', 'busy', 'reauthenticationNeeded']);
    expect(state.entry).toBe('clearDeferredAuthChange');
    expect(state.on).toEqual({ AUTH_CHANGED: { actions: 'deferAuthChange' } });
    expect(state.invoke.onDone).toBeUndefined();
  });

  it('follows a change of user before the outcome of every settle and of Cancel', () => {
    const state = operationState('reauthenticate', {
      input: {},
      onCancel: [{ target: 'idle' }],
      onDone: [{ target: 'idle' }],
      onError: [{ target: 'idle', actions: 'assignError' }],
    });
    expect(guardsOf(state.on.CANCEL)).toEqual(['userChangedMeanwhile', undefined]);
    expect(guardsOf(state.invoke.onDone)).toEqual(['userChangedMeanwhile', undefined]);
    expect(guardsOf(state.invoke.onError)).toEqual([
      'someoneElseMeanwhile',
      'userChangedMeanwhile',
      undefined,
    ]);
  });

  it('ends a revoked session, dropping what the operation holds, before following a change', () => {
    const state = operationState('carryOver', {
      actsAsSignedInUser: true,
      holds: 'discardedGuest',
      input: { guestIdToken: 'token', mode: 'leave' },
      onError: [],
    });
    expect(state.invoke.onError).toEqual([
      {
        guard: 'someoneElseMeanwhile',
        target: '#session.reconciling',
        actions: ['adoptDeferredUser'],
      },
      {
        guard: 'isSessionRevoked',
        target: '#session.signingOut',
        actions: ['clearDiscardedGuest', 'assignError'],
      },
      {
        guard: 'userChangedMeanwhile',
        target: '#session.reconciling',
        actions: ['adoptDeferredUser'],
      },
    ]);
  });

  it('forgets the registration on every way out that is not its own, after a registration elsewhere', () => {
    const state = operationState('createAccount', {
      actsAsSignedInUser: true,
      registersGuest: true,
      input: { email: 'a@example.com', password: 'secret-password' },
      onDone: [],
      onError: [],
    });
    expect(
      state.invoke.onError?.map((transition) => [transition.guard, transition.actions]),
    ).toEqual([
      ['guestRegisteredMeanwhile', 'followRegistrationElsewhere'],
      ['someoneElseMeanwhile', ['clearRegistration', 'adoptDeferredUser']],
      ['isSessionRevoked', ['clearRegistration', 'assignError']],
      ['userChangedMeanwhile', ['clearRegistration', 'adoptDeferredUser']],
    ]);
    expect(state.invoke.onDone?.[0]).toMatchObject({
      guard: 'userChangedMeanwhile',
      actions: ['clearRegistration', 'adoptDeferredUser'],
    });
  });

  it('follows only someone signing in after an operation that leaves nobody signed in', () => {
    const state = operationState('signOut', { endsSignedOut: true, onDone: [], onError: [] });
    expect(guardsOf(state.invoke.onDone)).toEqual(['signedInMeanwhile']);
    // The invoke id is the actor's name: a name no actor has does not compile.
    // @ts-expect-error 'signOutt' is not one of the session's operations
    expect(operationState('signOutt', { onError: [] }).invoke.id).toBe('signOutt');
  });
});
