import { fromCallback, fromPromise } from 'xstate';
import type { sessionMachine } from '../../src/machines/sessionMachine';

type Actors = Parameters<typeof sessionMachine.provide>[0]['actors'];

interface PendingCall {
  actorId: string;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  settled: boolean;
  aborted: boolean;
}

/**
 * A stand-in for the Firebase service: every operation waits until the test settles the latest
 * call of that actor, exactly as the path says the real one would.
 */
export function createFakeSessionService() {
  const calls: PendingCall[] = [];

  const operation = <TOutput, TInput>() =>
    fromPromise<TOutput, TInput>(
      ({ input, self, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          const call: PendingCall = {
            actorId: self.id,
            input,
            resolve: (output) => resolve(output as TOutput),
            reject,
            settled: false,
            aborted: false,
          };
          signal.addEventListener('abort', () => {
            call.aborted = true;
          });
          calls.push(call);
        }),
    );

  const actors = {
    watchAuth: fromCallback(() => () => undefined),
    loadPasswordPolicy: fromCallback(() => () => undefined),
    restoreSession: operation(),
    startGuest: operation(),
    createAccount: operation(),
    signIn: operation(),
    continueWithGoogle: operation(),
    redirectToGoogle: operation(),
    switchAccount: operation(),
    signOut: operation(),
    sendPasswordReset: operation(),
    confirmPasswordReset: operation(),
    changePassword: operation(),
    reauthenticate: operation(),
    refreshSession: operation(),
    deleteAccount: operation(),
  } as Actors;

  function latestCall(actorId: string): PendingCall {
    const call = calls.findLast((candidate) => candidate.actorId === actorId);
    if (!call || call.settled || call.aborted) {
      throw new Error(`No running call of "${actorId}" to settle`);
    }
    call.settled = true;
    return call;
  }

  return {
    actors,
    resolve: (actorId: string, output: unknown) => latestCall(actorId).resolve(output),
    reject: (actorId: string, error: unknown) => latestCall(actorId).reject(error),
    /** Calls still running: neither settled by the test nor stopped by the machine. */
    running: () =>
      calls.filter((call) => !call.settled && !call.aborted).map((call) => call.actorId),
    inputsOf: (actorId: string) =>
      calls.filter((call) => call.actorId === actorId).map((c) => c.input),
  };
}
