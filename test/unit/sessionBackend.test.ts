import { describe, expect, it } from 'vitest';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { ERROR_CATALOGUE } from '../../src/machines/session/errorCatalogue';
import { sessionFailureOfBackend } from '../../src/machines/session/sessionBackend';

const sessionCodeOf = (code: ConstructorParameters<typeof BackendFailure>[0]) =>
  sessionFailureOfBackend(new BackendFailure(code)).code;

describe('backend failures in the session', () => {
  it('says a running subscription keeps the account, in words of its own', () => {
    expect(sessionCodeOf('account-has-subscription')).toBe('account-has-subscription');
    expect(ERROR_CATALOGUE['account-has-subscription'].message).toMatch(/Manage billing/);
  });

  it('ends the session on a token the backend no longer takes, and calls the rest unavailable', () => {
    expect(sessionCodeOf('token-revoked')).toBe('user-token-expired');
    expect(sessionCodeOf('carry-over-already-done')).toBe('carry-over-refused');
    expect(sessionCodeOf('account-deletion-failed')).toBe('backend-unavailable');
    expect(sessionCodeOf('network-error')).toBe('backend-unavailable');
  });
});
