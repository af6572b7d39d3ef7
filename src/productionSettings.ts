/**
 * The settings a real deployment must give: their embedded defaults are development samples
 * (a test checkout link, `applyfirst.example`, a sample company in the imprint) that must never
 * reach the public. A `demo-` project runs only on the emulator and needs none of them.
 */
export const PRODUCTION_SETTINGS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_SITE_URL',
  'VITE_CONTACT_EMAIL',
  'VITE_BACKEND_URL',
  'VITE_CHECKOUT_URL',
  'VITE_BILLING_PORTAL_URL',
  'VITE_LEGAL_NAME',
  'VITE_LEGAL_ADDRESS',
  'VITE_LEGAL_PHONE',
  'VITE_LEGAL_REPRESENTATIVE',
  'VITE_LEGAL_REGISTER',
  'VITE_LEGAL_TAX_ID',
  'VITE_LEGAL_GOVERNING_LAW',
] as const;

type Env = Record<string, string | boolean | undefined>;

function isSet(env: Env, name: string): boolean {
  const value = env[name];
  return typeof value === 'string' && value.trim() !== '';
}

export function isDemoProject(env: Env): boolean {
  const projectId = env.VITE_FIREBASE_PROJECT_ID;
  return (
    typeof projectId !== 'string' || projectId.trim() === '' || projectId.trim().startsWith('demo-')
  );
}

/** The production settings `env` lacks (none for a `demo-` project). */
export function missingProductionSettings(env: Env): string[] {
  if (isDemoProject(env)) return [];
  return PRODUCTION_SETTINGS.filter((name) => !isSet(env, name));
}

/** Throws, naming every missing setting, when `env` is a real project's and lacks some. */
export function assertProductionSettings(env: Env): void {
  const missing = missingProductionSettings(env);
  if (missing.length === 0) return;
  throw new Error(
    `A build for VITE_FIREBASE_PROJECT_ID=${String(env.VITE_FIREBASE_PROJECT_ID).trim()} needs these ` +
      `settings (their defaults are development samples): ${missing.join(', ')}. ` +
      'Set them in the environment or .env.local (see README, "Settings").',
  );
}
