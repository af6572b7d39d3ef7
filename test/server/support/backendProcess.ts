import { startBackendProcess, type BackendProcess } from '../../../scripts/backendProcess';
import { fileDatabaseLocation } from './backend';

/**
 * A backend process of its own (as a deployment runs each instance) on this file's PostgreSQL
 * database and the Auth Emulator the tests run in, with `env` on top of quiet defaults: nothing
 * polled, no e-mails, no clean-up schedule, warnings and errors only.
 */
export async function startTestBackendProcess(
  name: string,
  env: NodeJS.ProcessEnv = {},
): Promise<BackendProcess> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is not set: run the server tests in the emulator.',
    );
  }
  const location = await fileDatabaseLocation();
  if (location.kind !== 'postgres') throw new Error('A backend process needs a PostgreSQL server.');
  return startBackendProcess({
    name,
    env: {
      DATABASE_URL: location.url,
      LOG_LEVEL: 'warn',
      JOB_BOARDS: '',
      SMTP_URL: '',
      GUEST_CLEANUP_EVERY_HOURS: 'off',
      ...env,
    },
  });
}

/** Starts them together; if one fails, stops the others before throwing. */
export async function startTogether(
  starts: readonly Promise<BackendProcess>[],
): Promise<BackendProcess[]> {
  const settled = await Promise.allSettled(starts);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed === undefined) {
    return settled.map((result) => (result as PromiseFulfilledResult<BackendProcess>).value);
  }
  await Promise.all(
    settled.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)),
  );
  throw failed.reason;
}
