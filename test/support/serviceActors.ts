import type { Auth } from 'firebase/auth';
import {
  createActor,
  toPromise,
  type AnyActorLogic,
  type InputFrom,
  type OutputFrom,
} from 'xstate';
import {
  createSessionActors,
  type SessionActors,
} from '../../src/machines/session/firebase/sessionActors';
import { SessionFailure } from '../../src/machines/session/sessionFailure';
import { createAccount, createTestAuth, uniqueEmail } from './emulatorAuth';
import { TEST_ORIGIN } from './sessionHarness';

/** The password of the accounts these helpers make. */
export const PASSWORD = 'first-secret-1';

export function actorsFor(auth: Auth): SessionActors {
  return createSessionActors(() => auth, { origin: TEST_ORIGIN });
}

/** Runs one actor logic to its end, like an invoke would. */
export function run<TLogic extends AnyActorLogic>(
  logic: TLogic,
  ...input: undefined extends InputFrom<TLogic> ? [InputFrom<TLogic>?] : [InputFrom<TLogic>]
): Promise<OutputFrom<TLogic>> {
  return toPromise(createActor(logic, { input: input[0] }).start());
}

export async function rejectionOf(operation: Promise<unknown>): Promise<SessionFailure> {
  const error: unknown = await operation.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof SessionFailure)) {
    throw new Error(`Expected a SessionFailure, got ${String(error)}`);
  }
  return error;
}

/** A registered user signed in on a fresh Auth, with the service's actors for it. */
export async function signedIn(label: string) {
  const email = uniqueEmail(label);
  const uid = await createAccount(email, PASSWORD);
  const auth = createTestAuth();
  const actors = actorsFor(auth);
  await run(actors.signIn, { email, password: PASSWORD });
  return { auth, actors, email, uid };
}
