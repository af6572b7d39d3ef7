import type {
  PasswordPolicy,
  SessionOperationFailure,
  SessionUser,
  SwitchCredential,
} from '../../src/machines/sessionTypes';
import { userMessageFor } from '../../src/machines/errorCatalogue';

const times = {
  creationTime: 'Mon, 02 Nov 2026 09:00:00 GMT',
  lastSignInTime: 'Sat, 21 Nov 2026 08:00:00 GMT',
};

export const guestUser: SessionUser = {
  uid: 'guest-1',
  email: null,
  emailVerified: false,
  displayName: null,
  photoURL: null,
  isAnonymous: true,
  providerIds: [],
  ...times,
};

/** Another tab's fresh guest. */
export const otherGuestUser: SessionUser = { ...guestUser, uid: 'guest-2' };

/** The guest after linking: same uid, now registered. */
export const linkedUser: SessionUser = {
  ...guestUser,
  email: 'ada@example.com',
  isAnonymous: false,
  providerIds: ['password'],
};

/** An account that already existed: switching to it discards the guest. */
export const existingUser: SessionUser = {
  ...linkedUser,
  uid: 'user-2',
  email: 'grace@example.com',
  emailVerified: true,
  providerIds: ['google.com'],
};

export const googleSwitchCredential: SwitchCredential = {
  providerId: 'google.com',
  credentialJson: { providerId: 'google.com', signInMethod: 'google.com', idToken: 'id-token' },
};

export const providerPolicy: PasswordPolicy = {
  minLength: 8,
  maxLength: 64,
  requireLowercase: true,
  requireUppercase: false,
  requireNumeric: true,
  requireNonAlphanumeric: false,
  source: 'provider',
};

export function failure(
  code: string,
  switchCredential?: SwitchCredential,
): SessionOperationFailure {
  return { code, message: userMessageFor(code), ...(switchCredential ? { switchCredential } : {}) };
}

/** One failure of each kind of product handling in the catalogue, as the service rejects them. */
export const representativeFailures: SessionOperationFailure[] = [
  failure('user-disabled'),
  failure('user-token-expired'),
  failure('email-already-in-use'),
  failure('credential-already-in-use', googleSwitchCredential),
  failure('credential-already-in-use'),
  failure('popup-blocked'),
  failure('popup-closed-by-user'),
  failure('requires-recent-login'),
  failure('wrong-password'),
  failure('network-request-failed'),
  failure('internal-error'),
];
