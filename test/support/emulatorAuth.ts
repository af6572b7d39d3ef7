import { createServer } from 'node:net';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  inMemoryPersistence,
  initializeAuth,
  linkWithCredential,
  signInAnonymously,
  signInWithEmailAndPassword,
  type Auth,
  type User,
} from 'firebase/auth';
import { EMULATOR_PROJECT_ID, emulatorUrl } from './emulatorAdmin';

export const TEST_FIREBASE_CONFIG = {
  apiKey: 'demo-api-key',
  authDomain: `${EMULATOR_PROJECT_ID}.firebaseapp.com`,
  projectId: EMULATOR_PROJECT_ID,
};

const liveAuths = new Set<Auth>();
let appCount = 0;

/** A fresh in-memory Auth on its own app (nothing shared between tests), talking to `url`. */
export function createTestAuth(url: string = emulatorUrl()): Auth {
  appCount += 1;
  const app = initializeApp(TEST_FIREBASE_CONFIG, `test-${appCount}-${Date.now()}`);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, url, { disableWarnings: true });
  liveAuths.add(auth);
  return auth;
}

/** For afterEach: deletes every app createTestAuth made (stops their token refresh timers). */
export async function disposeTestAuths(): Promise<void> {
  const auths = [...liveAuths];
  liveAuths.clear();
  await Promise.all(auths.map((auth) => deleteApp(auth.app)));
}

let emailCount = 0;

/** An address no other test uses, so tests can share one emulator. */
export function uniqueEmail(label: string): string {
  emailCount += 1;
  const nonce = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return `${label}-${emailCount}-${nonce}@example.com`;
}

/** Registers an account from another "device", as someone who signed up earlier would have. */
export async function createAccount(email: string, password: string): Promise<string> {
  const { user } = await createUserWithEmailAndPassword(createTestAuth(), email, password);
  return user.uid;
}

/**
 * A guest the SDK started, as the app's first visit starts one; with `account`, a guest who then
 * registered (linked: same uid), as the app's sign-up form links one.
 */
export async function guestMadeEarlier(account?: {
  email: string;
  password: string;
}): Promise<User> {
  const { user } = await signInAnonymously(createTestAuth());
  if (!account) return user;
  const linked = await linkWithCredential(
    user,
    EmailAuthProvider.credential(account.email, account.password),
  );
  return linked.user;
}

/** Signs in from another "device": the uid, or the SDK's error if the password is refused. */
export async function signInElsewhere(email: string, password: string): Promise<string> {
  const { user } = await signInWithEmailAndPassword(createTestAuth(), email, password);
  return user.uid;
}

/** The URL of a port nothing listens on: an identity provider that can't be reached. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('No port was assigned.');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Waits past the current wall-clock second. Token revocation (`validSince`) counts whole seconds,
 * so a revocation made after this falls after every sign-in made before it.
 */
export function untilTheNextSecond(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 10));
}
