import { userMessageFor, type ClientCode } from '../../src/machines/session/errorCatalogue';
import type { SessionFailureData } from '../../src/machines/session/sessionTypes';
import type { SwitchCredential } from '../../src/machines/session/sessionTypes';
import { googleSwitchCredential } from '../support/sessionFixtures';

export function failure(code: ClientCode, switchCredential?: SwitchCredential): SessionFailureData {
  return { code, message: userMessageFor(code), ...(switchCredential ? { switchCredential } : {}) };
}

/** One failure of each kind of product handling in the catalogue, as the service rejects them. */
export const representativeFailures: SessionFailureData[] = [
  failure('user-disabled'),
  failure('user-token-expired'),
  failure('email-already-in-use'),
  failure('credential-already-in-use', googleSwitchCredential),
  failure('credential-already-in-use'),
  failure('popup-blocked'),
  failure('popup-closed-by-user'),
  failure('requires-recent-login'),
  failure('wrong-password'),
  failure('network-request-failed'),
  failure('internal-error'),
  failure('backend-unavailable'),
];
