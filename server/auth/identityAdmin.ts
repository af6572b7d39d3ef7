import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type UserRecord } from 'firebase-admin/auth';

/**
 * The Admin SDK calls the backend makes. With FIREBASE_AUTH_EMULATOR_HOST set the SDK talks to the
 * Auth Emulator and accepts its unsigned tokens; otherwise it uses Application Default Credentials
 * (GOOGLE_APPLICATION_CREDENTIALS or the platform's service account) and checks signatures.
 */
export type IdentityAdmin = Pick<
  Auth,
  'verifyIdToken' | 'deleteUser' | 'deleteUsers' | 'listUsers' | 'getUsers' | 'revokeRefreshTokens'
>;

/** A guest: a user with no sign-in method, e-mail or phone (an anonymous Firebase user). */
export function isAnonymousUser(user: UserRecord): boolean {
  return user.providerData.length === 0 && !user.email && !user.phoneNumber;
}

export interface FirebaseAdminHandle {
  auth: IdentityAdmin;
  close(): Promise<void>;
}

let appCount = 0;

/** A separate Admin app per backend instance, so tests and the benchmark can run several. */
export function createFirebaseAdmin(projectId: string): FirebaseAdminHandle {
  appCount += 1;
  const app: App = initializeApp({ projectId }, `applyfirst-backend-${appCount}`);
  return { auth: getAuth(app), close: () => deleteApp(app) };
}
