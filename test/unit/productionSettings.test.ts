import path from 'node:path';
import { build } from 'vite';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/config';
import { PRODUCTION_SETTINGS, missingProductionSettings } from '../../src/productionSettings';

const LEGAL_SETTINGS = [
  'VITE_LEGAL_NAME',
  'VITE_LEGAL_ADDRESS',
  'VITE_LEGAL_PHONE',
  'VITE_LEGAL_REPRESENTATIVE',
  'VITE_LEGAL_REGISTER',
  'VITE_LEGAL_TAX_ID',
  'VITE_LEGAL_GOVERNING_LAW',
];

function completeProductionEnv(): Record<string, string> {
  const env: Record<string, string> = { VITE_FIREBASE_PROJECT_ID: 'applyfirst-prod' };
  for (const name of PRODUCTION_SETTINGS) env[name] = `value of ${name}`;
  return env;
}

describe('legal details', () => {
  it('come from settings', () => {
    const legal = readConfig({
      VITE_LEGAL_NAME: 'ApplyFirst Inc.',
      VITE_LEGAL_ADDRESS: '100 Main St, Springfield, IL 62701, United States',
      VITE_LEGAL_PHONE: '+1 217 555 0199',
      VITE_CONTACT_EMAIL: 'help@applyfirst.io',
    });
    expect(legal.legal).toMatchObject({
      name: 'ApplyFirst Inc.',
      address: '100 Main St, Springfield, IL 62701, United States',
      phone: '+1 217 555 0199',
    });
    expect(legal.contactEmail).toBe('help@applyfirst.io');
  });

  it('default to values that say they are samples, never bracketed placeholders', () => {
    const { legal } = readConfig({});
    expect(legal.sample).toBe(true);
    for (const value of [
      legal.name,
      legal.address,
      legal.phone,
      legal.representative,
      legal.register,
      legal.taxId,
      legal.governingLaw,
    ]) {
      expect(value).toMatch(/sample/i);
      expect(value).not.toMatch(/\[.*\]/);
    }
    expect(readConfig(completeProductionEnv()).legal.sample).toBe(false);
  });
});

describe('missingProductionSettings', () => {
  it('asks nothing of a demo- project (local development and tests)', () => {
    expect(missingProductionSettings({})).toEqual([]);
    expect(missingProductionSettings({ VITE_FIREBASE_PROJECT_ID: 'demo-other' })).toEqual([]);
  });

  it('names every missing setting of a real project', () => {
    const missing = missingProductionSettings({ VITE_FIREBASE_PROJECT_ID: 'applyfirst-prod' });
    expect(missing).toEqual([...PRODUCTION_SETTINGS]);
    expect(missing).toEqual(
      expect.arrayContaining([...LEGAL_SETTINGS, 'VITE_CONTACT_EMAIL', 'VITE_SITE_URL']),
    );
  });

  it('counts a blank setting as missing, and passes a complete one', () => {
    expect(
      missingProductionSettings({ ...completeProductionEnv(), VITE_LEGAL_PHONE: '  ' }),
    ).toEqual(['VITE_LEGAL_PHONE']);
    expect(missingProductionSettings(completeProductionEnv())).toEqual([]);
  });
});

describe('a production build without its settings', () => {
  // The environment may hold some of them (the browser tests' set-up names its backend): the build
  // must see none, whatever ran before.
  const names = ['VITE_FIREBASE_PROJECT_ID', ...PRODUCTION_SETTINGS];
  const saved = new Map(names.map((name) => [name, process.env[name]]));
  afterEach(() => {
    for (const [name, value] of saved) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  });

  it('fails before bundling, naming every missing setting', async () => {
    for (const name of PRODUCTION_SETTINGS) Reflect.deleteProperty(process.env, name);
    process.env.VITE_FIREBASE_PROJECT_ID = 'applyfirst-prod';
    const building = build({
      root: path.resolve(import.meta.dirname, '../..'),
      logLevel: 'silent',
      build: { write: false },
    });
    await expect(building).rejects.toThrow(/VITE_FIREBASE_PROJECT_ID=applyfirst-prod/);
    await building.catch((error: Error) => {
      for (const name of PRODUCTION_SETTINGS) expect(error.message).toContain(name);
    });
  });
});
