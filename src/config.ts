/**
 * Settings from `VITE_*` environment variables, with embedded defaults that run the app against
 * the local Auth Emulator and a `demo-` project (no Firebase account needed).
 */
export interface FirebaseWebConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId?: string;
}

/** The operator's details the imprint shows (`VITE_LEGAL_*`). */
export interface LegalDetails {
  name: string;
  address: string;
  phone: string;
  /** The managing director or officer, also responsible for the content. */
  representative: string;
  /** Where the company is registered, and its number. */
  register: string;
  taxId: string;
  governingLaw: string;
  /** True while any of these is an embedded development sample. */
  sample: boolean;
}

export interface AppConfig {
  firebase: FirebaseWebConfig;
  /** The Auth Emulator's URL (`VITE_AUTH_EMULATOR_URL`, `off` for none), or null for real Auth. */
  authEmulatorUrl: string | null;
  /** Where the site is served; absolute URLs in metadata and the sitemap start here. */
  siteUrl: string;
  /** The product name shown in titles, Open Graph and structured data. */
  siteName: string;
  /** Where people reach the company (support, refunds, privacy requests). */
  contactEmail: string;
  /** The product backend (CV handling, matching, alerts, subscriptions). */
  backendUrl: string;
  /** The payment provider's hosted checkout link. */
  checkoutUrl: string;
  /** The payment provider's customer billing-portal link. */
  billingPortalUrl: string;
  legal: LegalDetails;
  /** Opt-in live statechart inspection in development (`VITE_INSPECT=true`). */
  inspect: boolean;
}

type Env = Record<string, string | boolean | undefined>;

function setting(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** A loop, not `/\/+$/`: that pattern takes quadratic time on a long run of slashes. */
function withoutTrailingSlashes(url: string): string {
  let end = url.length;
  while (end > 0 && url[end - 1] === '/') end -= 1;
  return url.slice(0, end);
}

const SAMPLE_LEGAL_DETAILS: Record<string, string> = {
  VITE_LEGAL_NAME: 'Sample Company LLC (development sample)',
  VITE_LEGAL_ADDRESS: '1 Sample Street, Sampletown, CA 90000, United States (development sample)',
  VITE_LEGAL_PHONE: '+1 555 0100 (development sample)',
  VITE_LEGAL_REPRESENTATIVE: 'Sam Sample (development sample)',
  VITE_LEGAL_REGISTER: 'Sample State registry, no. 0000000 (development sample)',
  VITE_LEGAL_TAX_ID: 'SAMPLE-00-0000000 (development sample)',
  VITE_LEGAL_GOVERNING_LAW: 'the law of the sample state (development sample)',
};

function readLegalDetails(env: Env): LegalDetails {
  const read = (name: string) => setting(env, name, SAMPLE_LEGAL_DETAILS[name] ?? '');
  return {
    name: read('VITE_LEGAL_NAME'),
    address: read('VITE_LEGAL_ADDRESS'),
    phone: read('VITE_LEGAL_PHONE'),
    representative: read('VITE_LEGAL_REPRESENTATIVE'),
    register: read('VITE_LEGAL_REGISTER'),
    taxId: read('VITE_LEGAL_TAX_ID'),
    governingLaw: read('VITE_LEGAL_GOVERNING_LAW'),
    sample: Object.keys(SAMPLE_LEGAL_DETAILS).some((name) => setting(env, name, '') === ''),
  };
}

export function readConfig(env: Env): AppConfig {
  const projectId = setting(env, 'VITE_FIREBASE_PROJECT_ID', 'demo-applyfirst');
  // A demo- project exists only on the emulator, so it talks to the emulator unless told otherwise.
  const emulatorByDefault = projectId.startsWith('demo-') ? 'http://127.0.0.1:9099' : 'off';
  const emulator = setting(env, 'VITE_AUTH_EMULATOR_URL', emulatorByDefault);
  return {
    firebase: {
      apiKey: setting(env, 'VITE_FIREBASE_API_KEY', 'demo-api-key'),
      authDomain: setting(env, 'VITE_FIREBASE_AUTH_DOMAIN', `${projectId}.firebaseapp.com`),
      projectId,
      ...(env.VITE_FIREBASE_APP_ID ? { appId: setting(env, 'VITE_FIREBASE_APP_ID', '') } : {}),
    },
    authEmulatorUrl: emulator === 'off' ? null : emulator,
    siteUrl: withoutTrailingSlashes(setting(env, 'VITE_SITE_URL', 'https://applyfirst.example')),
    siteName: setting(env, 'VITE_SITE_NAME', 'ApplyFirst'),
    contactEmail: setting(env, 'VITE_CONTACT_EMAIL', 'support@applyfirst.example'),
    backendUrl: setting(env, 'VITE_BACKEND_URL', 'http://127.0.0.1:8080'),
    checkoutUrl: setting(env, 'VITE_CHECKOUT_URL', 'https://buy.stripe.com/test_applyfirst'),
    billingPortalUrl: setting(
      env,
      'VITE_BILLING_PORTAL_URL',
      'https://billing.stripe.com/p/login/test_applyfirst',
    ),
    legal: readLegalDetails(env),
    inspect: setting(env, 'VITE_INSPECT', 'false') === 'true',
  };
}

export const config: AppConfig = readConfig(import.meta.env);
