import type { Auth, User } from 'firebase/auth';
import { SessionFailure } from '../sessionFailure';
import type { SessionUser } from '../sessionTypes';

/** The SDK's user as the machine holds it: plain, serializable data. */
export function toSessionUser(user: User): SessionUser {
  return {
    uid: user.uid,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    photoURL: user.photoURL,
    isAnonymous: user.isAnonymous,
    providerIds: user.providerData.map((profile) => profile.providerId),
    creationTime: user.metadata.creationTime ?? null,
    lastSignInTime: user.metadata.lastSignInTime ?? null,
  };
}

export function currentUserOf(auth: Auth): User {
  if (!auth.currentUser) throw new SessionFailure('no-user');
  return auth.currentUser;
}

export function sessionUserOf(auth: Auth): SessionUser | null {
  return auth.currentUser ? toSessionUser(auth.currentUser) : null;
}
