import { DEFAULT_MIN_PASSWORD_LENGTH } from './sessionConstants';
import type { PasswordPolicy } from './sessionTypes';

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = /* @__PURE__ */ Object.freeze({
  minLength: DEFAULT_MIN_PASSWORD_LENGTH,
  maxLength: null,
  requireLowercase: false,
  requireUppercase: false,
  requireNumeric: false,
  requireNonAlphanumeric: false,
  source: 'default',
});

/** The shape of the SDK's `PasswordPolicy.customStrengthOptions`. */
export interface ProviderStrengthOptions {
  minPasswordLength?: number;
  maxPasswordLength?: number;
  containsLowercaseLetter?: boolean;
  containsUppercaseLetter?: boolean;
  containsNumericCharacter?: boolean;
  containsNonAlphanumericCharacter?: boolean;
}

export function policyFromProvider(options: ProviderStrengthOptions): PasswordPolicy {
  return {
    minLength: options.minPasswordLength ?? DEFAULT_MIN_PASSWORD_LENGTH,
    // Like the SDK: a maximum of 0 means none.
    maxLength: options.maxPasswordLength || null,
    requireLowercase: options.containsLowercaseLetter ?? false,
    requireUppercase: options.containsUppercaseLetter ?? false,
    requireNumeric: options.containsNumericCharacter ?? false,
    requireNonAlphanumeric: options.containsNonAlphanumericCharacter ?? false,
    source: 'provider',
  };
}

export type PasswordRequirementId =
  'minLength' | 'maxLength' | 'lowercase' | 'uppercase' | 'numeric' | 'nonAlphanumeric';

export interface PasswordRequirement {
  id: PasswordRequirementId;
  label: string;
  met: boolean;
}

export interface PasswordCheck {
  valid: boolean;
  requirements: PasswordRequirement[];
}

/**
 * The characters the provider counts as non-alphanumeric (Identity Platform's password policy
 * documentation; the SDK receives them as `allowedNonAlphanumericCharacters`). Other symbols, such
 * as `€`, `-` or a space, do not satisfy the rule, so the live checklist must not tick it for them.
 */
export const PROVIDER_NON_ALPHANUMERIC_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`';

// ASCII only, exactly like the SDK's own check (`PasswordPolicyImpl`): `é` is not a lowercase letter.
const LOWERCASE = /[a-z]/;
const UPPERCASE = /[A-Z]/;
const NUMERIC = /[0-9]/;

function containsProviderSymbol(password: string): boolean {
  return [...password].some((character) =>
    PROVIDER_NON_ALPHANUMERIC_CHARACTERS.includes(character),
  );
}

/** Only the rules the policy has, in the order the UI lists them. Lengths count UTF-16 units, as the SDK does. */
export function checkPassword(policy: PasswordPolicy, password: string): PasswordCheck {
  const rules: Array<{
    id: PasswordRequirementId;
    applies: boolean;
    label: string;
    met: () => boolean;
  }> = [
    {
      id: 'minLength',
      applies: policy.minLength > 0,
      label: `At least ${policy.minLength} ${policy.minLength === 1 ? 'character' : 'characters'}`,
      met: () => password.length >= policy.minLength,
    },
    {
      id: 'maxLength',
      applies: policy.maxLength !== null,
      label: `At most ${policy.maxLength} characters`,
      met: () => policy.maxLength === null || password.length <= policy.maxLength,
    },
    {
      id: 'lowercase',
      applies: policy.requireLowercase,
      label: 'A lowercase letter (a–z)',
      met: () => LOWERCASE.test(password),
    },
    {
      id: 'uppercase',
      applies: policy.requireUppercase,
      label: 'An uppercase letter (A–Z)',
      met: () => UPPERCASE.test(password),
    },
    {
      id: 'numeric',
      applies: policy.requireNumeric,
      label: 'A number (0–9)',
      met: () => NUMERIC.test(password),
    },
    {
      id: 'nonAlphanumeric',
      applies: policy.requireNonAlphanumeric,
      label: 'A symbol such as ! ? # or %',
      met: () => containsProviderSymbol(password),
    },
  ];
  const requirements = rules
    .filter((rule) => rule.applies)
    .map((rule) => ({ id: rule.id, label: rule.label, met: rule.met() }));
  return { valid: requirements.every((requirement) => requirement.met), requirements };
}
