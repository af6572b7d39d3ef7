import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  getIdToken,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { AppConfig } from '../../../config';
import { storageEmailLinkAddressStore } from '../emailLinkAddress';
import { DEFAULT_APP_NAME, persistedUserKey } from '../persistedUser';
import { createSessionBackend } from '../sessionBackend';
import { SessionFailure } from '../sessionFailure';
import { guardGuestLinks } from './guestLinking';
import { createSessionActors, type SessionActors } from './sessionActors';

function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof indexedDB !== 'undefined';
}

/**
 * The app's Auth instance. `initializeAuth` with explicit persistence, not `getAuth()`, which
 * would load Google's gapi script at start instead of when a popup first needs it. Called again
 * with the same config, the SDK hands back the same app and Auth instance.
 */
export function createBrowserAuth(config: AppConfig): Auth {
  if (!isBrowser()) throw new SessionFailure('not-in-browser');
  // Named as the early reader of the persisted user names it (it runs before this module loads).
  const app = initializeApp(config.firebase, DEFAULT_APP_NAME);
  // The resolver must be given here: `linkWithRedirect` stores the guest for the way back through
  // the Auth instance's own resolver and ignores the one passed to it, so without this it fails
  // with `auth/argument-error` (firebase-js-sdk#4275, #7924). Desktop browsers still load Google's
  // gapi script only when a popup or redirect needs it; the SDK preloads it on mobile and Safari,
  // where its popup flow needs that.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (config.authEmulatorUrl) {
    connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  }
  guardGuestLinks(auth, persistedUserKey(config.firebase.apiKey, DEFAULT_APP_NAME));
  return auth;
}

/**
 * The actors for the app. Auth is created on first use, so importing this module or building the
 * actors outside a browser (the prerender) is harmless; running an operation there fails.
 */
export function createBrowserSessionActors(config: AppConfig): SessionActors {
  let auth: Auth | undefined;
  const origin = typeof location === 'undefined' ? config.siteUrl : location.origin;
  return createSessionActors(() => (auth ??= createBrowserAuth(config)), {
    origin,
    popupRedirectResolver: browserPopupRedirectResolver,
    askProviderForPasswordPolicy: config.authEmulatorUrl === null,
    backend: createSessionBackend({ baseUrl: config.backendUrl }),
    emailLinkAddresses: storageEmailLinkAddressStore(() => localStorage),
  });
}

/**
 * The current user's Firebase ID token for the backend's Authorization header (the SDK refreshes
 * it when it is close to expiry). Rejects when nobody is signed in.
 */
export function createIdTokenSource(config: AppConfig): () => Promise<string> {
  return async () => {
    const user = createBrowserAuth(config).currentUser;
    if (!user) throw new SessionFailure('no-user');
    return getIdToken(user);
  };
}
