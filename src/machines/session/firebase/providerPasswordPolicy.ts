import { validatePassword, type Auth } from 'firebase/auth';
import { DEFAULT_PASSWORD_POLICY, policyFromProvider } from '../passwordPolicy';
import { clientCodeOf, rawCodeOf } from '../sessionFailure';
import type { PasswordPolicy } from '../sessionTypes';

/** The provider's password policy; the default when it supplies none (the emulator has none). */
export async function providerPasswordPolicy(auth: Auth): Promise<PasswordPolicy> {
  const status = await validatePassword(auth, '').catch((error: unknown) => {
    // Offline we learn nothing: reject, and the machine logs it and keeps the default.
    if (clientCodeOf(error) === 'network-request-failed') throw error;
    console.info(
      `[session] No password policy from the provider (${rawCodeOf(error) ?? 'no code'}); using the default.`,
    );
    return null;
  });
  if (!status) return DEFAULT_PASSWORD_POLICY;
  if (status.passwordPolicy.enforcementState === 'OFF') {
    console.info('[session] The provider does not enforce its password policy; using the default.');
    return DEFAULT_PASSWORD_POLICY;
  }
  return policyFromProvider(status.passwordPolicy.customStrengthOptions);
}
