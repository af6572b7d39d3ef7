import { FirebaseError } from 'firebase/app';
import {
  EmailAuthProvider,
  getRedirectResult,
  GoogleAuthProvider,
  OAuthCredential,
  type Auth,
  type AuthCredential,
  type PopupRedirectResolver,
  type User,
} from 'firebase/auth';
import { GOOGLE_CUSTOM_PARAMETERS } from '../sessionConstants';
import { failureOf, SessionFailure } from '../sessionFailure';
import type { SwitchCredential } from '../sessionTypes';

/** The Google account of a failed link, when the provider says it belongs to another account. */
export function googleSwitchCredentialFrom(error: unknown): SwitchCredential | undefined {
  const credential =
    error instanceof FirebaseError ? GoogleAuthProvider.credentialFromError(error) : null;
  return credential
    ? { providerId: 'google.com', credentialJson: { ...credential.toJSON() } }
    : undefined;
}

export function asGoogleLinkFailure(error: unknown): SessionFailure {
  return failureOf(error, googleSwitchCredentialFrom(error));
}

export function googleProvider(): GoogleAuthProvider {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ ...GOOGLE_CUSTOM_PARAMETERS });
  return provider;
}

export function credentialToSwitchTo(credential: SwitchCredential): AuthCredential {
  if (credential.providerId === 'password') {
    return EmailAuthProvider.credential(credential.email, credential.password);
  }
  const google = OAuthCredential.fromJSON(credential.credentialJson);
  // The JSON is the SDK's own `toJSON()`, so a credential it can't read is a bug.
  if (!google) throw new SessionFailure('internal-error');
  return google;
}

export function passwordCredentialFor(user: User, password: string): AuthCredential {
  // An account without an e-mail address (Google only) has no password to confirm.
  if (!user.email) throw new SessionFailure('operation-not-allowed');
  return EmailAuthProvider.credential(user.email, password);
}

/** A redirect sign-in that failed while the page was away, or null. */
export async function redirectFailureOf(
  auth: Auth,
  resolver: PopupRedirectResolver,
): Promise<SessionFailure | null> {
  try {
    await getRedirectResult(auth, resolver);
    return null;
  } catch (error) {
    return asGoogleLinkFailure(error);
  }
}
