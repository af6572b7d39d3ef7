import {
  EmailAuthProvider,
  isSignInWithEmailLink,
  linkWithCredential,
  sendSignInLinkToEmail,
  signInWithCredential,
  type Auth,
  type AuthCredential,
} from 'firebase/auth';
import { PATHS } from '../../../paths';
import type { EmailLinkAddressStore } from '../emailLinkAddress';
import { clientCodeOf, SessionFailure } from '../sessionFailure';
import type { SignInResult } from '../sessionTypes';
import type { SignInReplacingGuest } from './guestReplacement';
import { linkGuest } from './guestLinking';
import { toSessionUser } from './sdkUser';

interface EmailLinkDeps {
  readonly addresses: EmailLinkAddressStore;
  /** The site's own URL for a path: where the e-mailed link leads back to. */
  readonly linkBackTo: (path: string) => string;
  readonly signInReplacingGuest: SignInReplacingGuest;
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * E-mail link sign-in: sending a link (remembering the address it went to), and completing one,
 * which links the address to the guest (same uid) or signs in to the account it already has.
 */
export function createEmailLinks({ addresses, linkBackTo, signInReplacingGuest }: EmailLinkDeps) {
  async function sendSignInLinkTo(auth: Auth, email: string, existingAccount: boolean) {
    await sendSignInLinkToEmail(auth, email, {
      url: linkBackTo(PATHS.login),
      handleCodeInApp: true,
    });
    addresses.write({ email, existingAccount });
  }

  /**
   * The link's address has an account, so linking it to the guest was refused: sign in to that
   * account instead (the machine then offers the guest's work). Where the refused link used the
   * code up (the Auth Emulator does), a new link goes out that signs in directly.
   */
  async function signInAfterRefusedLink(
    auth: Auth,
    email: string,
    credential: AuthCredential,
  ): Promise<SignInResult> {
    try {
      return await signInReplacingGuest(auth, () => signInWithCredential(auth, credential));
    } catch (error) {
      if (clientCodeOf(error) !== 'invalid-action-code') throw error;
      await sendSignInLinkTo(auth, email, true);
      throw new SessionFailure('email-link-account-exists');
    }
  }

  async function completeSignInLinkFor(
    auth: Auth,
    link: string,
    typedEmail: string | undefined,
  ): Promise<SignInResult> {
    if (!isSignInWithEmailLink(auth, link)) throw new SessionFailure('invalid-action-code');
    const remembered = addresses.read();
    const email = typedEmail ?? remembered?.email;
    if (email === undefined) throw new SessionFailure('email-link-needs-address');
    const knownAccount =
      remembered !== null && remembered.existingAccount && sameAddress(remembered.email, email);
    const credential = EmailAuthProvider.credentialWithLink(email, link);
    const guest = auth.currentUser;
    if (!guest?.isAnonymous || knownAccount) {
      return signInReplacingGuest(auth, () => signInWithCredential(auth, credential));
    }
    try {
      const { user } = await linkGuest(auth, guest, () => linkWithCredential(guest, credential));
      return { user: toSessionUser(user), discardedGuest: null };
    } catch (error) {
      if (clientCodeOf(error) !== 'email-already-in-use') throw error;
      return signInAfterRefusedLink(auth, email, credential);
    }
  }

  return { sendSignInLinkTo, completeSignInLinkFor };
}
