import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The SDK's token read and reload, as the adapter calls them; everything else is the real module.
const sdk = vi.hoisted(() => ({
  getIdToken: vi.fn<(user: User) => Promise<string>>(),
  reload: vi.fn<(user: User) => Promise<void>>(),
}));
vi.mock('firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('firebase/auth')>()),
  getIdToken: sdk.getIdToken,
  reload: sdk.reload,
}));

const { reloaderOfGuestRefreshedElsewhere } =
  await import('../../src/machines/session/firebase/guestLinking');

const GUEST = 'guest-uid';
const STALE_TOKEN = 'token-before-the-other-tab-linked';
const NEW_TOKEN = 'token-the-other-tab-got';

/** The SDK's current user as this tab holds it while the listeners were last told of the guest. */
function holding(uid: string, isAnonymous: boolean, token: string): { currentUser: User } {
  sdk.getIdToken.mockResolvedValue(token);
  return { currentUser: { uid, isAnonymous } as User };
}

async function reloadsAfter(auth: { currentUser: User }): Promise<boolean> {
  reloaderOfGuestRefreshedElsewhere(auth, GUEST, STALE_TOKEN)();
  await vi.waitFor(() => expect(sdk.getIdToken.mock.calls.length).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return sdk.reload.mock.calls.length > 0;
}

describe('the lost link reloads the guest another tab registered', () => {
  beforeEach(() => {
    sdk.getIdToken.mockReset();
    sdk.reload.mockReset().mockResolvedValue(undefined);
  });

  it('reloads the guest it holds with the new tokens, still anonymous (half-stored registration)', async () => {
    await expect(reloadsAfter(holding(GUEST, true, NEW_TOKEN))).resolves.toBe(true);
  });

  it('reloads it too when the SDK adopted the registration without telling its listeners', async () => {
    await expect(reloadsAfter(holding(GUEST, false, NEW_TOKEN))).resolves.toBe(true);
  });

  it('does not reload with the stale tokens: the provider would refuse them', async () => {
    await expect(reloadsAfter(holding(GUEST, true, STALE_TOKEN))).resolves.toBe(false);
  });

  it('leaves anyone other than the guest alone', () => {
    reloaderOfGuestRefreshedElsewhere(
      holding('someone-else', false, NEW_TOKEN),
      GUEST,
      STALE_TOKEN,
    )();
    expect(sdk.getIdToken).not.toHaveBeenCalled();
    expect(sdk.reload).not.toHaveBeenCalled();
  });
});
