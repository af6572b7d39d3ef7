import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD_POLICY,
  PROVIDER_NON_ALPHANUMERIC_CHARACTERS,
  checkPassword,
  policyFromProvider,
  type PasswordRequirementId,
} from '../../src/machines/session/passwordPolicy';
import type { PasswordPolicy } from '../../src/machines/session/sessionTypes';

const everything: PasswordPolicy = policyFromProvider({
  minPasswordLength: 8,
  maxPasswordLength: 12,
  containsLowercaseLetter: true,
  containsUppercaseLetter: true,
  containsNumericCharacter: true,
  containsNonAlphanumericCharacter: true,
});

function metById(
  policy: PasswordPolicy,
  password: string,
): Partial<Record<PasswordRequirementId, boolean>> {
  return Object.fromEntries(
    checkPassword(policy, password).requirements.map((requirement) => [
      requirement.id,
      requirement.met,
    ]),
  );
}

describe('DEFAULT_PASSWORD_POLICY', () => {
  it('asks only for six characters', () => {
    expect(DEFAULT_PASSWORD_POLICY).toEqual({
      minLength: 6,
      maxLength: null,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
      source: 'default',
    });
  });
});

describe('policyFromProvider', () => {
  it('maps every option of the SDK’s customStrengthOptions', () => {
    expect(everything).toEqual({
      minLength: 8,
      maxLength: 12,
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
      source: 'provider',
    });
  });

  it('defaults a missing minimum to 6 and missing rules to off', () => {
    expect(policyFromProvider({})).toEqual({ ...DEFAULT_PASSWORD_POLICY, source: 'provider' });
  });

  it('treats a maximum of 0 as none, like the SDK', () => {
    expect(policyFromProvider({ maxPasswordLength: 0 }).maxLength).toBeNull();
  });
});

describe('checkPassword', () => {
  it('lists only the rules the policy has, with labels for people', () => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, 'abc')).toEqual({
      valid: false,
      requirements: [{ id: 'minLength', label: 'At least 6 characters', met: false }],
    });
    expect(checkPassword(everything, '').requirements.map(({ id, label }) => [id, label])).toEqual([
      ['minLength', 'At least 8 characters'],
      ['maxLength', 'At most 12 characters'],
      ['lowercase', 'A lowercase letter (a–z)'],
      ['uppercase', 'An uppercase letter (A–Z)'],
      ['numeric', 'A number (0–9)'],
      ['nonAlphanumeric', 'A symbol such as ! ? # or %'],
    ]);
  });

  it.each([
    ['', false],
    ['12345', false],
    ['123456', true],
    ['1234567', true],
  ])('minimum length 6: %j is %s', (password, valid) => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, password).valid).toBe(valid);
  });

  it.each([
    ['Aa1!aaa', 7, false, true],
    ['Aa1!aaaa', 8, true, true],
    ['Aa1!aaaaaaaa', 12, true, true],
    ['Aa1!aaaaaaaaa', 13, true, false],
  ])('length boundaries 8..12: %j (%i long)', (password, length, minMet, maxMet) => {
    expect(password).toHaveLength(length);
    expect(metById(everything, password)).toMatchObject({ minLength: minMet, maxLength: maxMet });
    expect(checkPassword(everything, password).valid).toBe(minMet && maxMet);
  });

  it('has no maximum unless the policy sets one', () => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, 'x'.repeat(5000)).valid).toBe(true);
  });

  it.each([
    ['lowercase', 'AAAA1111!!', 'AAAA1111!a'],
    ['uppercase', 'aaaa1111!!', 'aaaa1111!A'],
    ['numeric', 'aaaaAAAA!!', 'aaaaAAAA!7'],
    ['nonAlphanumeric', 'aaaaAAAA11', 'aaaaAAAA1#'],
  ] as const)('%s: met only when present', (id, without, withIt) => {
    expect(metById(everything, without)[id]).toBe(false);
    expect(checkPassword(everything, without).valid).toBe(false);
    expect(metById(everything, withIt)[id]).toBe(true);
    expect(checkPassword(everything, withIt).valid).toBe(true);
  });

  it('ticks a rule once anywhere in the password', () => {
    expect(metById(everything, '!Aa1')).toMatchObject({
      lowercase: true,
      uppercase: true,
      numeric: true,
      nonAlphanumeric: true,
    });
  });

  it.each([...PROVIDER_NON_ALPHANUMERIC_CHARACTERS])('counts the provider symbol %s', (symbol) => {
    expect(metById(everything, `Abcdef1${symbol}`).nonAlphanumeric).toBe(true);
  });

  it.each([
    ['a euro sign', '€'],
    ['an emoji', '🔑'],
    ['an em dash', '—'],
    ['a non-breaking space', '\u00a0'],
    ['a space', ' '],
    ['a hyphen', '-'],
    ['a plus', '+'],
    ['an accented letter', 'é'],
    ['a Greek letter', 'Ω'],
    ['an Arabic-Indic digit', '٣'],
  ])('does not count %s as a symbol, as the provider does not', (_, character) => {
    expect(metById(everything, `Abcdefg1${character}`).nonAlphanumeric).toBe(false);
  });

  it('counts only ASCII letters and digits for the letter and number rules, like the SDK', () => {
    expect(metById(everything, 'ÉÀÇ!')).toMatchObject({ uppercase: false, lowercase: false });
    expect(metById(everything, 'éàç!')).toMatchObject({ uppercase: false, lowercase: false });
    expect(metById(everything, '٣٤٥!')).toMatchObject({ numeric: false });
  });

  it('counts length in UTF-16 units, like the SDK', () => {
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, '🔑🔑🔑').valid).toBe(true);
    expect(checkPassword(DEFAULT_PASSWORD_POLICY, '🔑🔑').valid).toBe(false);
  });
});
