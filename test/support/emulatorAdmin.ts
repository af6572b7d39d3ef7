/**
 * Admin calls against the Auth Emulator's REST API (docs/architecture.md, facts), for test set-up only.
 * The emulator accepts `Authorization: Bearer owner` as an all-powerful admin credential.
 */
export const EMULATOR_PROJECT_ID = 'demo-applyfirst';

export interface OobCode {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** `http://127.0.0.1:9099`, from the variable that `firebase emulators:exec` sets. */
export function emulatorUrl(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run the tests inside `firebase emulators:exec --only auth`.',
    );
  }
  return `http://${host}`;
}

async function asOwner(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${emulatorUrl()}${path}`, {
    method,
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path} failed: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

const emulatorApi = `/emulator/v1/projects/${EMULATOR_PROJECT_ID}`;
const identityToolkit = `/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT_ID}`;

/** Deletes every account (the OOB codes stay). */
export async function clearAccounts(): Promise<void> {
  await asOwner('DELETE', `${emulatorApi}/accounts`);
}

export async function listOobCodes(): Promise<OobCode[]> {
  const { oobCodes } = (await asOwner('GET', `${emulatorApi}/oobCodes`)) as { oobCodes: OobCode[] };
  return oobCodes;
}

/**
 * The most recent unused e-mail of `requestType` (`EMAIL_SIGNIN`, `VERIFY_EMAIL`,
 * `PASSWORD_RESET`, `RECOVER_EMAIL`, or `VERIFY_AND_CHANGE_EMAIL`, listed under the old address)
 * sent to `email`. The emulator lists in order, and drops a code once it is used.
 */
export async function latestOobCode(email: string, requestType: string): Promise<OobCode> {
  const codes = (await listOobCodes()).filter(
    (code) => code.requestType === requestType && code.email === email.toLowerCase(),
  );
  const latest = codes.at(-1);
  if (!latest) throw new Error(`No ${requestType} e-mail was sent to ${email}.`);
  return latest;
}

/** How many unused codes of `requestType` the emulator holds for `email` (used ones are gone). */
export async function oobCodeCount(email: string, requestType: string): Promise<number> {
  return (await listOobCodes()).filter(
    (code) => code.requestType === requestType && code.email === email.toLowerCase(),
  ).length;
}

/** The code of the most recent password-reset e-mail sent to `email`. */
export async function latestPasswordResetCode(email: string): Promise<string> {
  return (await latestOobCode(email, 'PASSWORD_RESET')).oobCode;
}

async function updateAccount(fields: Record<string, unknown>): Promise<void> {
  await asOwner('POST', `${identityToolkit}/accounts:update`, fields);
}

export async function disableUser(uid: string): Promise<void> {
  await updateAccount({ localId: uid, disableUser: true });
}

export async function setDisplayName(uid: string, displayName: string): Promise<void> {
  await updateAccount({ localId: uid, displayName });
}

/** Makes every token issued so far invalid: the next check says TOKEN_EXPIRED. */
export async function expireTokens(uid: string): Promise<void> {
  const inOneMinute = Math.floor(Date.now() / 1000) + 60;
  await updateAccount({ localId: uid, validSince: String(inOneMinute) });
}

/** Deletes one account, as if from another device or the console. */
export async function deleteAccountAsOwner(uid: string): Promise<void> {
  await asOwner('POST', `${identityToolkit}/accounts:delete`, { localId: uid });
}

/** One account as the provider holds it (the fields tests read), or null when there is none. */
export async function lookupAccount(
  uid: string,
): Promise<{ email?: string; emailVerified?: boolean } | null> {
  const { users } = (await asOwner('POST', `${identityToolkit}/accounts:lookup`, {
    localId: [uid],
  })) as { users?: { email?: string; emailVerified?: boolean }[] };
  return users?.[0] ?? null;
}

/**
 * Changes the signed-in user's address at once, as the user (their ID token, no admin
 * credential): `accounts:update` with `email`, which is what the SDK's `updateEmail` sends. The
 * emulator e-mails a RECOVER_EMAIL code to the account's first address for a direct change (never
 * after a verified one, verifyAndChangeEmail), and the change ends the sessions whose ID tokens
 * were issued before it (`validSince`, to the second; their refresh tokens still work there).
 */
export async function changeEmailDirectly(idToken: string, newEmail: string): Promise<void> {
  const path = '/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-api-key';
  const response = await fetch(`${emulatorUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ idToken, email: newEmail }),
  });
  if (!response.ok) {
    throw new Error(`POST accounts:update failed: ${response.status} ${await response.text()}`);
  }
}

/** Whether an account with this uid still exists. */
export async function accountExists(uid: string): Promise<boolean> {
  const { users } = (await asOwner('POST', `${identityToolkit}/accounts:lookup`, {
    localId: [uid],
  })) as { users?: unknown[] };
  return (users?.length ?? 0) > 0;
}

async function setImprovedEmailPrivacy(enabled: boolean): Promise<void> {
  await asOwner('PATCH', `${emulatorApi}/config`, {
    emailPrivacyConfig: { enableImprovedEmailPrivacy: enabled },
  });
}

/** With it, wrong passwords and unknown e-mails both give INVALID_LOGIN_CREDENTIALS. */
export function enableImprovedEmailPrivacy(): Promise<void> {
  return setImprovedEmailPrivacy(true);
}

export function resetEmailPrivacy(): Promise<void> {
  return setImprovedEmailPrivacy(false);
}
