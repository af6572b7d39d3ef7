import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config';

describe('readConfig', () => {
  it('runs on the embedded defaults: a demo project on the local Auth Emulator', () => {
    const config = readConfig({});
    expect(config.firebase).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-applyfirst.firebaseapp.com',
      projectId: 'demo-applyfirst',
    });
    expect(config.authEmulatorUrl).toBe('http://127.0.0.1:9099');
    expect(config.inspect).toBe(false);
  });

  it('talks to the real Firebase Auth for a real project unless an emulator is named', () => {
    const real = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'applyfirst-prod',
      VITE_FIREBASE_API_KEY: 'key',
    });
    expect(real.authEmulatorUrl).toBeNull();
    expect(real.firebase.authDomain).toBe('applyfirst-prod.firebaseapp.com');
    const emulated = readConfig({
      VITE_FIREBASE_PROJECT_ID: 'applyfirst-prod',
      VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9199',
    });
    expect(emulated.authEmulatorUrl).toBe('http://127.0.0.1:9199');
  });

  it('turns the emulator off on request, and ignores blank settings', () => {
    expect(readConfig({ VITE_AUTH_EMULATOR_URL: 'off' }).authEmulatorUrl).toBeNull();
    expect(readConfig({ VITE_FIREBASE_PROJECT_ID: '   ' }).firebase.projectId).toBe(
      'demo-applyfirst',
    );
  });

  it('keeps the site URL without a trailing slash so absolute URLs join cleanly', () => {
    expect(readConfig({ VITE_SITE_URL: 'https://applyfirst.io///' }).siteUrl).toBe(
      'https://applyfirst.io',
    );
  });

  it('passes an app id only when one is given, and reads the inspection opt-in', () => {
    expect(readConfig({ VITE_FIREBASE_APP_ID: '1:2:web:3' }).firebase.appId).toBe('1:2:web:3');
    expect(readConfig({ VITE_INSPECT: 'true' }).inspect).toBe(true);
  });
});
