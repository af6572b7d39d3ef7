/**
 * `npm run emails`: the e-mails the running Auth Emulator has "sent". It sends none: it prints
 * each link in its log and keeps the codes not used yet (GET /emulator/v1/projects/<p>/oobCodes).
 * Its links lead to its own page (/emulator/action); this lists them on the app's handler page,
 * `<app>/login?<the same query>` (see `appLinkOf`), one line each, in the order the emulator
 * issued them, newest last: `#` (it records no time, so the order is all there is), kind,
 * address, link. A used code is gone from the list.
 *
 *   npm run emails                                   every link not used yet
 *   npm run emails -- --latest                       only the newest
 *   npm run emails -- --to ada@example.com           only those sent to that address
 *   npm run emails -- --config /tmp/fb.json --port 5174   as given to `npm start`
 *   npm run emails -- --preview                      links on `npm run preview`'s site
 *
 * The codes in these links are the emulator's development-only secrets: nothing else (no token,
 * no response body) is printed.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from 'vite';
import { EMULATOR_PROJECT, emulatorUrl } from './emulator';
import { PATHS } from '../src/paths';

const HOST = '127.0.0.1';
const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
/** src/config.ts's default web API key (VITE_FIREBASE_API_KEY). */
const DEFAULT_API_KEY = 'demo-api-key';

/** One record of the emulator's `oobCodes` list. */
export interface EmulatorEmail {
  /** The account's address; for an address change, the current (old) one. */
  email: string;
  /** For an address change (VERIFY_AND_CHANGE_EMAIL): the new address, which the link goes to. */
  newEmail?: string;
  requestType: string;
  oobCode: string;
  /** `http://127.0.0.1:9099/emulator/action?mode=…&lang=en&oobCode=…&apiKey=fake-api-key&continueUrl=…` */
  oobLink: string;
}

/** What the app's `/login` handler reads; the rest of the emulator's query is its own. */
const KEPT_PARAMETERS = new Set(['mode', 'oobCode', 'continueUrl', 'lang']);

/**
 * The emulator's link as a link on the app's handler page: the same `mode`, `oobCode`,
 * `continueUrl` and `lang`, without the emulator's `apiKey=fake-api-key`. A sign-in link gets the
 * app's own web API key instead, as the links Firebase e-mails do: the SDK reads a link without
 * one as no sign-in link at all (`isSignInWithEmailLink` is false).
 */
export function appLinkOf(oobLink: string, appOrigin: string, apiKey = DEFAULT_API_KEY): string {
  const query = new URL(oobLink).searchParams;
  const link = new URL(PATHS.login, appOrigin);
  for (const [name, value] of query) {
    if (KEPT_PARAMETERS.has(name)) link.searchParams.append(name, value);
  }
  if (query.get('mode') === 'signIn') link.searchParams.set('apiKey', apiKey);
  return link.href;
}

/** Where the e-mail went: an address change's link goes to the new address. */
export function recipientOf(record: EmulatorEmail): string {
  return record.requestType === 'VERIFY_AND_CHANGE_EMAIL' && record.newEmail
    ? record.newEmail
    : record.email;
}

const KIND_OF_REQUEST: Record<string, string> = {
  EMAIL_SIGNIN: 'sign-in link',
  PASSWORD_RESET: 'password reset',
  VERIFY_EMAIL: 'address confirmation',
  VERIFY_AND_CHANGE_EMAIL: 'address change',
  RECOVER_EMAIL: 'address change undo',
};

function kindOf(record: EmulatorEmail): string {
  return KIND_OF_REQUEST[record.requestType] ?? record.requestType.toLowerCase();
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

function isEmulatorEmail(value: unknown): value is EmulatorEmail {
  return (
    typeof value === 'object' &&
    value !== null &&
    'email' in value &&
    typeof value.email === 'string' &&
    'requestType' in value &&
    typeof value.requestType === 'string' &&
    'oobLink' in value &&
    typeof value.oobLink === 'string'
  );
}

/** A failure to say in one sentence, without a stack trace. */
class Refusal extends Error {}

async function emulatorEmails(authUrl: string, projectId: string): Promise<EmulatorEmail[]> {
  let response: Response;
  try {
    response = await fetch(`${authUrl}/emulator/v1/projects/${projectId}/oobCodes`, {
      headers: { Authorization: 'Bearer owner' },
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    throw new Refusal(
      `No Auth Emulator answers at ${authUrl}. Start it with \`npm start\` (give this command ` +
        'the same --config if you gave npm start one).',
    );
  }
  if (!response.ok) {
    throw new Refusal(`The Auth Emulator at ${authUrl} answered HTTP ${response.status}.`);
  }
  const body: unknown = await response.json().catch(() => null);
  const records =
    typeof body === 'object' && body !== null && 'oobCodes' in body ? body.oobCodes : undefined;
  if (records !== undefined && !Array.isArray(records)) {
    throw new Refusal(`The Auth Emulator at ${authUrl} answered something other than its list.`);
  }
  // An empty list comes back as `{}`.
  return (records ?? []).filter(isEmulatorEmail);
}

const USAGE =
  'Usage: npm run emails [-- --latest] [--to <address>] [--config <firebase.json>] ' +
  '[--port <app port>] [--preview]';

async function main(): Promise<number> {
  let options;
  try {
    ({ values: options } = parseArgs({
      options: {
        latest: { type: 'boolean', default: false },
        to: { type: 'string' },
        config: { type: 'string', default: 'firebase.json' },
        port: { type: 'string', default: '5173' },
        preview: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  // As the app reads them (src/config.ts, through Vite: the environment, then .env files).
  const env = loadEnv(options.preview ? 'production' : 'development', PROJECT_ROOT, 'VITE_');
  const projectId = env.VITE_FIREBASE_PROJECT_ID?.trim() || EMULATOR_PROJECT;
  const apiKey = env.VITE_FIREBASE_API_KEY?.trim() || DEFAULT_API_KEY;
  // As scripts/start.ts finds the emulator and the app.
  const authUrl = emulatorUrl('auth', options.config);
  const appOrigin = options.preview
    ? emulatorUrl('hosting', options.config)
    : `http://${HOST}:${options.port}`;

  const all = await emulatorEmails(authUrl, projectId);
  const to = options.to;
  const matching = all
    .map((record, index) => ({ record, number: index + 1 }))
    .filter(({ record }) => to === undefined || sameAddress(recipientOf(record), to));
  const shown = options.latest ? matching.slice(-1) : matching;
  if (shown.length === 0) {
    console.error(
      `The Auth Emulator (project ${projectId}) holds no unused e-mailed link` +
        `${to === undefined ? '' : ` to ${to}`}.`,
    );
    return 0;
  }
  const widest = (values: string[]) => Math.max(...values.map((value) => value.length));
  const numberWidth = widest(shown.map(({ number }) => `#${number}`));
  const kindWidth = widest(shown.map(({ record }) => kindOf(record)));
  const addressWidth = widest(shown.map(({ record }) => recipientOf(record)));
  for (const { record, number } of shown) {
    console.log(
      [
        `#${number}`.padEnd(numberWidth),
        kindOf(record).padEnd(kindWidth),
        recipientOf(record).padEnd(addressWidth),
        appLinkOf(record.oobLink, appOrigin, apiKey),
      ].join('  '),
    );
  }
  return 0;
}

if (import.meta.filename === process.argv[1]) {
  try {
    process.exitCode = await main();
  } catch (error) {
    console.error(error instanceof Refusal ? error.message : `npm run emails: ${String(error)}`);
    process.exitCode = 1;
  }
}
