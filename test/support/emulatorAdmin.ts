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

/** The code of the most recent password-reset e-mail sent to `email` (the emulator lists in order). */
export async function latestPasswordResetCode(email: string): Promise<string> {
  const codes = (await listOobCodes()).filter(
    (code) => code.requestType === 'PASSWORD_RESET' && code.email === email.toLowerCase(),
  );
  const latest = codes.at(-1);
  if (!latest) throw new Error(`No password-reset e-mail was sent to ${email}.`);
  return latest.oobCode;
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
