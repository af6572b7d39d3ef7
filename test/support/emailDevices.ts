import type { Auth } from 'firebase/auth';
import { userMessageFor, type ClientCode } from '../../src/machines/session/errorCatalogue';
import {
  memoryEmailLinkAddressStore,
  type EmailLinkAddressStore,
} from '../../src/machines/session/emailLinkAddress';
import { createSessionActors } from '../../src/machines/session/firebase/sessionActors';
import type { SessionBackend } from '../../src/machines/session/sessionBackend';
import type { OobCode } from './emulatorAdmin';
import { createTestAuth } from './emulatorAuth';
import {
  startSession,
  TEST_ORIGIN,
  type RunningSession,
  type SessionSnapshot,
  type SessionState,
} from './sessionHarness';

/** The password every device's account is made with. */
export const PASSWORD = 'first-secret-1';

export interface Device {
  auth: Auth;
  /** Where this device remembers the address a sign-in link went to. */
  addresses: EmailLinkAddressStore;
  session: RunningSession;
}

/** The real machine and service on a device of its own, as a guest. */
export async function guestDevice(backend?: SessionBackend): Promise<Device> {
  const auth = createTestAuth();
  const addresses = memoryEmailLinkAddressStore();
  const actors = createSessionActors(() => auth, {
    origin: TEST_ORIGIN,
    emailLinkAddresses: addresses,
    ...(backend ? { backend } : {}),
  });
  const session = startSession(auth, actors);
  await session.reach({ guest: 'idle' });
  return { auth, addresses, session };
}

/** A device whose guest has just registered `email` with PASSWORD (the verification e-mail sent). */
export async function registeredDevice(email: string): Promise<Device> {
  const device = await guestDevice();
  device.session.actor.send({ type: 'CREATE_ACCOUNT', email, password: PASSWORD });
  await device.session.reach({ authenticated: 'idle' });
  return device;
}

/** Once the operation just started has settled in `state` with a notice or an error. */
export function settled(session: RunningSession, state: SessionState): Promise<SessionSnapshot> {
  return session.reach(state, (s) => s.context.notice !== null || s.context.error !== null);
}

export function catalogueError(code: ClientCode) {
  return { code, message: userMessageFor(code) };
}

export function continueUrlOf(code: OobCode): string | null {
  return new URL(code.oobLink).searchParams.get('continueUrl');
}
