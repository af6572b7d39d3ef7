import type {
  PasswordPolicy,
  SessionUser,
  SwitchCredential,
} from '../../src/machines/session/sessionTypes';

/** Plain session users as the Firebase service hands them to the machine. */

const times = {
  creationTime: 'Tue, 02 Jan 2024 09:30:00 GMT',
  lastSignInTime: 'Fri, 15 Mar 2024 18:05:00 GMT',
};

export const guestUser: SessionUser = {
  uid: 'guest-uid',
  email: null,
  emailVerified: false,
  displayName: null,
  photoURL: null,
  isAnonymous: true,
  providerIds: [],
  ...times,
};

/** Another tab's fresh guest. */
export const otherGuestUser: SessionUser = { ...guestUser, uid: 'other-guest-uid' };

/** The guest after linking e-mail and password: same uid, now registered. */
export const linkedUser: SessionUser = {
  ...guestUser,
  email: 'ada@example.com',
  isAnonymous: false,
  providerIds: ['password'],
};

export const registeredUser: SessionUser = {
  ...linkedUser,
  uid: 'user-uid',
  emailVerified: true,
  providerIds: ['password', 'google.com'],
};

/** An existing account that signs in with Google only: switching to it discards the guest. */
export const googleOnlyUser: SessionUser = {
  ...registeredUser,
  email: 'grace@example.com',
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
