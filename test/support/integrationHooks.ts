import { afterEach, beforeEach, vi } from 'vitest';
import { disposeTestAuths } from './emulatorAuth';
import { stopSessions } from './sessionHarness';

/**
 * Registers, for the calling test file, the clean-up after each test: stubbed answers, spies, the
 * running sessions and the in-memory Auths of the test before are gone.
 */
export function cleanUpAfterEachTest(fetchStub?: { reset(): void }): void {
  afterEach(async () => {
    fetchStub?.reset();
    vi.restoreAllMocks();
    stopSessions();
    await disposeTestAuths();
  });
}

/**
 * Every machine start says the emulator has no password policy (firebaseSession.test.ts checks
 * it): kept out of the calling file's output.
 */
export function quietPolicyNotices(): void {
  beforeEach(() => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
  });
}
