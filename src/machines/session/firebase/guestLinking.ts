import {
  beforeAuthStateChanged,
  getIdToken,
  onIdTokenChanged,
  reload,
  type Auth,
  type User,
} from 'firebase/auth';
import { GuestLinkGuard } from '../guestLinkGuard';
import { readPersistedIdentity } from '../persistedUser';
import { failureOf, rawCodeOf, SessionFailure } from '../sessionFailure';
import { OPERATION_LIMIT, withinLimit } from './timeLimits';

/** The guard of each browser Auth instance (none outside the browser: one tab, nothing to guard). */
const guestLinkGuards = new WeakMap<Auth, GuestLinkGuard>();

/**
 * How long a tab whose link lost waits for a sign of another tab's registration (the guest with
 * new tokens, or registered) before it asks the provider what became of the guest; then how long
 * it waits in all, once the sign came, for the registration to be stored (polled every 800 ms). A
 * busy machine stretches both.
 */
const SIGN_OF_ANOTHER_TAB_MS = 4_000;
const REGISTERED_ELSEWHERE_SYNC_MS = 15_000;

/**
 * Links `guest` with `link`. When another tab registered this guest first, this tab's link fails
 * with the guest's invalidated token, possibly before that tab has persisted the registration;
 * the guard stops the SDK from signing out (which would sign the other tab out too), this tab
 * waits until its SDK has synced to the registered user, and the link fails as
 * `user-token-expired`: the machine, which has seen the registered user by then, follows it.
 * The blocked sign-out hides why the link failed, so with no sign of another tab the guest is
 * reloaded unguarded: a disabled or expired guest fails as such, and the SDK signs it out.
 */
export async function linkGuest<T>(auth: Auth, guest: User, link: () => Promise<T>): Promise<T> {
  const guard = guestLinkGuards.get(auth);
  if (!guard) return link();
  const staleToken = await getIdToken(guest);
  const staleRefreshToken = guest.refreshToken;
  const outcome = await guard.link(guest.uid, link);
  if (outcome.kind === 'linked') return outcome.result;
  const reloadIfRefreshed = reloaderOfGuestRefreshedElsewhere(auth, guest.uid, staleToken);
  const waitForRegistration = (ms: number) =>
    guard.registeredUserNotified(guest.uid, ms, reloadIfRefreshed);
  let synced = await waitForRegistration(SIGN_OF_ANOTHER_TAB_MS);
  if (!synced) {
    const current = auth.currentUser;
    const anotherTabRegistering =
      (current?.uid === guest.uid && current.refreshToken !== staleRefreshToken) ||
      (await guard.storedAsRegistered(guest.uid));
    if (!anotherTabRegistering) throw await failureOfGuestReload(guest);
    synced = await waitForRegistration(REGISTERED_ELSEWHERE_SYNC_MS - SIGN_OF_ANOTHER_TAB_MS);
  }
  if (!synced) {
    console.warn('[session] Another tab began registering this guest, but never stored it.');
  }
  // A macrotask later, every listener (the machine's too) has been told.
  await new Promise((resolve) => setTimeout(resolve, 0));
  throw new SessionFailure('user-token-expired');
}

/** Why the guest's session ended, as the provider says when the guest is reloaded. */
async function failureOfGuestReload(guest: User): Promise<SessionFailure> {
  try {
    await withinLimit(() => reload(guest), OPERATION_LIMIT);
  } catch (error) {
    return failureOf(error);
  }
  console.warn('[session] A guest link failed as invalidated, but the guest reloads fine.');
  return new SessionFailure('user-token-expired');
}

/**
 * Fetches and stores the rest of a registration another tab half-stored: reloading the guest makes
 * the SDK store and report it registered. With `staleToken`, only once this tab holds the guest's
 * new tokens (a reload with the old ones would fail as invalidated).
 */
async function reloadGuestRegisteredElsewhere(user: User, staleToken?: string): Promise<void> {
  try {
    await withinLimit(async () => {
      if (staleToken !== undefined && (await getIdToken(user)) === staleToken) return;
      await reload(user);
    }, OPERATION_LIMIT);
  } catch (error) {
    console.warn('[session] Could not reload the guest another tab registered:', rawCodeOf(error));
  }
}

/**
 * The winning tab stores its registration in two writes: the guest with its new tokens, then the
 * guest registered. This tab's SDK may adopt the first and write it back over the second (it
 * stores what it adopts), and then no tab would ever see the registration. Or it adopts the first,
 * then the second without telling its listeners (it tells them only of a new token, and the token
 * came with the first): its user is registered, while the machine still holds the guest. Once this
 * tab holds the guest's new tokens, it reloads the guest itself: a reload stores the user and
 * always tells the listeners.
 */
export function reloaderOfGuestRefreshedElsewhere(
  auth: Pick<Auth, 'currentUser'>,
  guestUid: string,
  staleToken: string,
): () => void {
  let reloading = false;
  return () => {
    const user = auth.currentUser;
    if (reloading || user?.uid !== guestUid) return;
    reloading = true;
    void reloadGuestRegisteredElsewhere(user, staleToken).finally(() => {
      reloading = false;
    });
  };
}

/**
 * Installs the two-tab guard on a browser Auth instance (once): `persistedKey` is where the SDK
 * stores its user, which the guard reads to tell another tab's registration from a sign-out.
 */
export function guardGuestLinks(auth: Auth, persistedKey: string): void {
  if (guestLinkGuards.has(auth)) return;
  const guard = new GuestLinkGuard(
    () => readPersistedIdentity(persistedKey),
    // The guard saw this tab adopt another tab's half-stored registration.
    () => {
      const user = auth.currentUser;
      if (user?.isAnonymous) void reloadGuestRegisteredElsewhere(user);
    },
  );
  beforeAuthStateChanged(auth, (user) => guard.beforeAuthStateChanged(user));
  // Registered before the machine's listener, so it hears each change no later than the machine.
  onIdTokenChanged(auth, (user) => guard.noteNotifiedUser(user));
  guestLinkGuards.set(auth, guard);
}
