import { initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getAuth as getAdminAuth, type Auth as AdminAuth } from 'firebase-admin/auth';
import {
  createUserWithEmailAndPassword,
  signInAnonymously,
  signInWithEmailAndPassword,
  type User,
} from 'firebase/auth';
import { createTestAuth, uniqueEmail } from '../../support/emulatorAuth';
import { EMULATOR_PROJECT_ID } from '../../support/emulatorAdmin';

export interface TestSession {
  uid: string;
  token: string;
  user: User;
}

/** A new guest (anonymous user) signed in through the real Firebase SDK against the emulator. */
export async function guestSession(): Promise<TestSession> {
  const { user } = await signInAnonymously(createTestAuth());
  return { uid: user.uid, token: await user.getIdToken(), user };
}

const ACCOUNT_PASSWORD = 'secret-password-1';

/**
 * A new registered (e-mail and password) user, signed in once more after signing up. The
 * emulator's sign-up stamps the token's `auth_time` when the request arrives and the account's
 * `validSince` after hashing the password; when a second starts in between, the Admin SDK's
 * revocation check refuses that first token (`token-revoked`: CI failed on it). A sign-in's token
 * is stamped after both.
 */
export async function accountSession(label = 'backend'): Promise<TestSession & { email: string }> {
  const email = uniqueEmail(label);
  await createUserWithEmailAndPassword(createTestAuth(), email, ACCOUNT_PASSWORD);
  const { user } = await signInWithEmailAndPassword(createTestAuth(), email, ACCOUNT_PASSWORD);
  return { uid: user.uid, token: await user.getIdToken(), user, email };
}

let adminAuth: AdminAuth | undefined;

/** The Admin SDK against the emulator, as a test's own tool (revoking, disabling, inspecting). */
export function testAdminAuth(): AdminAuth {
  adminAuth ??= getAdminAuth(
    initializeAdminApp({ projectId: EMULATOR_PROJECT_ID }, 'server-tests'),
  );
  return adminAuth;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function payloadOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * A token made by hand from a real one with some claims changed, unsigned like the emulator's own.
 * The Admin SDK accepts unsigned tokens only in emulator mode; in production the signature check
 * refuses any edited token before its claims are even read.
 */
export function editedToken(token: string, changes: Record<string, unknown>): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({ ...payloadOf(token), ...changes })}.`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
