import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { databaseLocation } from './support/backend';

/** The settings a real deployment needs anyway, so only the emulator guard can refuse. */
const REAL_SETTINGS = {
  STRIPE_WEBHOOK_SECRET: 'whsec_a_real_secret',
  EMAIL_TOKEN_SECRET: 'a-real-email-token-secret',
  GUEST_CLEANUP_EVERY_HOURS: 'off',
  // Unset in production, it would poll the default list of real boards.
  JOB_BOARDS: '',
};

function start(env: Record<string, string>) {
  return buildApp({
    config: readServerConfig({ ...REAL_SETTINGS, ...env }),
    database: databaseLocation('pglite'),
    logStream: false,
  });
}

describe('the Auth Emulator outside development', () => {
  it('refuses to start with a real project id', async () => {
    await expect(
      start({
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        FIREBASE_PROJECT_ID: 'applyfirst-prod',
      }),
    ).rejects.toThrow(/FIREBASE_AUTH_EMULATOR_HOST.*not a demo- project/);
  });

  it('refuses to start with NODE_ENV=production, even with a demo- project', async () => {
    await expect(
      start({
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        FIREBASE_PROJECT_ID: 'demo-applyfirst',
        NODE_ENV: 'production',
      }),
    ).rejects.toThrow(/FIREBASE_AUTH_EMULATOR_HOST.*NODE_ENV is production/);
  });

  it('starts with a demo- project in development, and with a real project without the emulator', async () => {
    const development = await start({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      FIREBASE_PROJECT_ID: 'demo-applyfirst',
      NODE_ENV: 'development',
    });
    await development.close();
    const production = await start({
      FIREBASE_PROJECT_ID: 'applyfirst-prod',
      NODE_ENV: 'production',
    });
    await production.close();
  });
});
