import type { AppConfig } from '../config';

/** Google endpoints the Firebase Auth SDK calls from the browser. */
const FIREBASE_AUTH_APIS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
/** Google's script loader, which the SDK fetches for popup and redirect sign-in. */
const GOOGLE_API_SCRIPTS = 'https://apis.google.com';
/** Where Google profile pictures of users who sign in with Google are served from. */
const GOOGLE_PROFILE_PHOTOS = 'https://lh3.googleusercontent.com';

/**
 * The Content-Security-Policy of the served pages, from the build's settings: the Auth helper
 * iframe lives on `authDomain`, the product backend is called, and a build against the emulator
 * must reach it (over http). It is
 * served in a `<meta>` of every prerendered page; the host adds what a `<meta>` cannot carry
 * (`frame-ancestors`) as a header (firebase.json).
 */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'firebase' | 'authEmulatorUrl' | 'siteUrl' | 'backendUrl'>,
): string {
  const emulator = config.authEmulatorUrl ? [new URL(config.authEmulatorUrl).origin] : [];
  const backend = new URL(config.backendUrl).origin;
  const authDomain = `https://${config.firebase.authDomain}`;
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", GOOGLE_API_SCRIPTS],
    ['style-src', "'self'"],
    ['img-src', "'self'", GOOGLE_PROFILE_PHOTOS],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...FIREBASE_AUTH_APIS, backend, ...emulator],
    ['frame-src', "'self'", authDomain, ...emulator],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
  ];
  if (emulator.length === 0 && config.siteUrl.startsWith('https:')) {
    directives.push(['upgrade-insecure-requests']);
  }
  return directives.map((directive) => directive.join(' ')).join('; ');
}
