/**
 * Issue 10: a guest's work through the session, with the real machine, the real Firebase service
 * against the Auth Emulator and the real product backend (in this process, on in-memory PGlite,
 * verifying tokens with the Admin SDK against the same emulator).
 */
import { FirebaseError } from 'firebase/app';
import { signInWithEmailAndPassword, type Auth } from 'firebase/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import type { AlertProfileInput, GetProfileResponse } from '../../contract';
import { createSessionBackend } from '../../src/machines/session/sessionBackend';
import { validProfile } from '../server/support/profiles';
import { accountExists } from '../support/emulatorAdmin';
import {
  createAccount,
  createTestAuth,
  disposeTestAuths,
  uniqueEmail,
} from '../support/emulatorAuth';
import { startSession, stopSessions, type RunningSession } from '../support/sessionHarness';

const PASSWORD = 'carry-secret-1';

let backendApp: FastifyInstance;
let backendUrl: string;

beforeAll(async () => {
  backendApp = await buildApp({
    config: { ...readServerConfig({}), rateLimitPerMinute: 10_000, refusedTokensPerMinute: 10_000 },
    database: { kind: 'pglite-memory' },
    logStream: false,
  });
  backendUrl = await backendApp.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await backendApp.close();
});

beforeEach(() => {
  // Every machine start says the emulator has no password policy.
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  stopSessions();
  await disposeTestAuths();
});

async function backendCall(
  method: 'GET' | 'PUT',
  idToken: string,
  body?: AlertProfileInput,
): Promise<Response> {
  return fetch(`${backendUrl}/v1/profile`, {
    method,
    headers: {
      Authorization: `Bearer ${idToken}`,
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

async function saveProfile(idToken: string, profile: AlertProfileInput): Promise<void> {
  const response = await backendCall('PUT', idToken, profile);
  expect(response.status).toBe(200);
}

async function profileOf(idToken: string): Promise<GetProfileResponse> {
  const response = await backendCall('GET', idToken);
  expect(response.status).toBe(200);
  return (await response.json()) as GetProfileResponse;
}

type Session = RunningSession & { auth: Auth };

/** The machine's current user's ID token, as the app would send it. */
async function tokenOf(session: Session): Promise<string> {
  const user = session.auth.currentUser;
  if (!user) throw new Error('nobody is signed in');
  return user.getIdToken();
}

async function guestWithBackend(): Promise<Session> {
  const auth = createTestAuth();
  const session = {
    ...startSession(auth, {}, createSessionBackend({ baseUrl: backendUrl })),
    auth,
  };
  await session.reach({ guest: 'idle' });
  return session;
}

/** An account registered earlier, with the profile it saved then (if any). */
async function existingAccount(profile: AlertProfileInput | null) {
  const email = uniqueEmail('carry-account');
  const uid = await createAccount(email, PASSWORD);
  const auth = createTestAuth();
  const { user } = await signInWithEmailAndPassword(auth, email, PASSWORD);
  if (profile) await saveProfile(await user.getIdToken(), profile);
  return { email, uid };
}

describe('signing in to an existing account from a guest', () => {
  it('a guest that saved nothing is replaced without a question', async () => {
    const account = await existingAccount(null);
    const session = await guestWithBackend();

    session.actor.send({ type: 'SIGN_IN', email: account.email, password: PASSWORD });
    const snapshot = await session.reach({ authenticated: 'idle' });

    expect(snapshot.context.user?.uid).toBe(account.uid);
    expect(snapshot.context.discardedGuest).toBeNull();
  });

  it('a guest with a profile is asked; bringing it merges it into the account and deletes the guest', async () => {
    const account = await existingAccount(validProfile({ targetRoles: ['Account Role'] }));
    const session = await guestWithBackend();
    const guestUid = session.actor.getSnapshot().context.user?.uid ?? '';
    await saveProfile(await tokenOf(session), validProfile({ targetRoles: ['Guest Role'] }));

    session.actor.send({ type: 'SIGN_IN', email: account.email, password: PASSWORD });
    const offered = await session.reach({ authenticated: 'offeringCarryOver' });
    expect(offered.context.user?.uid).toBe(account.uid);
    expect(offered.context.discardedGuest).toMatchObject({ uid: guestUid, work: 'some' });

    session.actor.send({ type: 'CARRY_OVER', mode: 'merge' });
    const done = await session.reach({ authenticated: 'idle' });

    expect(done.context.notice?.code).toBe('guest-work-brought');
    expect(done.context.discardedGuest).toBeNull();
    const { profile } = await profileOf(await tokenOf(session));
    expect(profile?.targetRoles).toEqual(['Account Role', 'Guest Role']);
    expect(await accountExists(guestUid)).toBe(false);
  });

  it('leaving the guest’s profile keeps the account’s as it was and deletes the guest', async () => {
    const account = await existingAccount(validProfile({ targetRoles: ['Account Role'] }));
    const session = await guestWithBackend();
    const guestUid = session.actor.getSnapshot().context.user?.uid ?? '';
    await saveProfile(await tokenOf(session), validProfile({ targetRoles: ['Guest Role'] }));

    session.actor.send({ type: 'SIGN_IN', email: account.email, password: PASSWORD });
    await session.reach({ authenticated: 'offeringCarryOver' });
    session.actor.send({ type: 'CARRY_OVER', mode: 'leave' });
    const done = await session.reach({ authenticated: 'idle' });

    expect(done.context.notice?.code).toBe('guest-work-left');
    const { profile } = await profileOf(await tokenOf(session));
    expect(profile?.targetRoles).toEqual(['Account Role']);
    expect(await accountExists(guestUid)).toBe(false);
  });

  it('a backend that cannot be reached still asks, and a failed carry-over asks again with nothing lost', async () => {
    const account = await existingAccount(null);
    const auth = createTestAuth();
    // Nothing listens there: the guest's work is unknown, so the person is asked anyway.
    const unreachable = createSessionBackend({ baseUrl: 'http://127.0.0.1:9' });
    const session = { ...startSession(auth, {}, unreachable), auth };
    await session.reach({ guest: 'idle' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    session.actor.send({ type: 'SIGN_IN', email: account.email, password: PASSWORD });
    const offered = await session.reach({ authenticated: 'offeringCarryOver' });
    expect(offered.context.discardedGuest?.work).toBe('unknown');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('guest saved'), 'network-error');

    session.actor.send({ type: 'CARRY_OVER', mode: 'merge' });
    const failed = await session.reach(
      { authenticated: 'offeringCarryOver' },
      (snapshot) => snapshot.context.error !== null,
    );
    expect(failed.context.error?.code).toBe('backend-unavailable');
    expect(failed.context.discardedGuest?.work).toBe('unknown');
  });
});

describe('a guest whose own session is over', () => {
  it('does not stop the sign-in: there is nothing to carry over, and it says so in the log', async () => {
    const account = await existingAccount(null);
    const session = await guestWithBackend();
    const guest = session.auth.currentUser;
    if (!guest) throw new Error('no guest');
    // The guest's refresh token no longer works (cleaned up, disabled): its token cannot be had.
    vi.spyOn(guest, 'getIdToken').mockRejectedValue(
      new FirebaseError('auth/user-token-expired', 'Firebase: Error (auth/user-token-expired).'),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    session.actor.send({ type: 'SIGN_IN', email: account.email, password: PASSWORD });
    const signedIn = await session.reach({ authenticated: 'idle' });

    expect(signedIn.context.user?.uid).toBe(account.uid);
    expect(signedIn.context.discardedGuest).toBeNull();
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('no valid session'),
      'user-token-expired',
    );
  });
});

describe('deleting an account through the backend', () => {
  it('deletes the Firebase user with its data, then starts a new guest', async () => {
    const session = await guestWithBackend();
    session.actor.send({
      type: 'CREATE_ACCOUNT',
      email: uniqueEmail('carry-delete'),
      password: PASSWORD,
    });
    await session.reach({ authenticated: 'idle' });
    const uid = session.actor.getSnapshot().context.user?.uid ?? '';
    await saveProfile(await tokenOf(session), validProfile());

    session.actor.send({ type: 'DELETE_ACCOUNT' });
    const after = await session.reach({ guest: 'idle' });

    expect(after.context.notice?.code).toBe('account-deleted');
    expect(after.context.user?.uid).not.toBe(uid);
    expect(await accountExists(uid)).toBe(false);
  });
});
