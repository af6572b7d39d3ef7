import { getIdToken, type Auth, type User } from 'firebase/auth';
import type { SessionBackend } from '../sessionBackend';
import { clientCodeOf } from '../sessionFailure';
import type { DiscardedGuest, SignInResult } from '../sessionTypes';
import { toSessionUser } from './sdkUser';

export type SignInReplacingGuest = (
  auth: Auth,
  signIn: () => Promise<{ user: User }>,
) => Promise<SignInResult>;

/**
 * Signs in to an existing account, which replaces the guest; the result names the guest when it
 * was discarded, for the machine to offer its work. Without a backend there is nothing to carry.
 */
export function createGuestReplacement(backend: SessionBackend | undefined): SignInReplacingGuest {
  /**
   * Signing in to an existing account replaces the guest: take the guest's ID token (the proof
   * the backend needs to carry its work over) and learn whether it saved anything, before it goes.
   */
  async function guestAboutToBeReplaced(auth: Auth): Promise<DiscardedGuest | null> {
    const guest = auth.currentUser;
    if (!backend || !guest?.isAnonymous) return null;
    let idToken: string;
    try {
      idToken = await getIdToken(guest);
    } catch (error) {
      // A guest whose session is over (cleaned up, disabled) has nothing to carry over, and must
      // not stop the person from signing in.
      console.warn('[session] The guest has no valid session to carry over:', clientCodeOf(error));
      return null;
    }
    return { uid: guest.uid, idToken, work: await backend.guestWork(idToken) };
  }

  async function signInReplacingGuest(
    auth: Auth,
    signIn: () => Promise<{ user: User }>,
  ): Promise<SignInResult> {
    const guest = await guestAboutToBeReplaced(auth);
    const { user } = await signIn();
    return {
      user: toSessionUser(user),
      discardedGuest: guest && guest.uid !== user.uid ? guest : null,
    };
  }

  return signInReplacingGuest;
}
