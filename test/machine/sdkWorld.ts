/**
 * A model of the Firebase Auth SDK shared between browser tabs, for driving the real session
 * machine through races: one persisted user (the storage all tabs share), and per tab the SDK's
 * in-memory current user, which follows storage only when that tab syncs. Each tab runs the real
 * machine with fake actors whose requests stay in flight until the sequence settles them, with the
 * effects the real SDK has (a sign-in changes the tab's user and storage and fires the listener
 * before the promise resolves; a revoked token signs the tab out).
 */
import { createActor, fromCallback, fromPromise, type Actor, type EventObject } from 'xstate';
import {
  handlingOf,
  userMessageFor,
  type ClientCode,
} from '../../src/machines/session/errorCatalogue';
import { sessionMachine } from '../../src/machines/session/sessionMachine';
import type { SessionFailureData } from '../../src/machines/session/sessionTypes';
import type { AuthChangedEvent, SessionUser } from '../../src/machines/session/sessionTypes';
import { googleSwitchCredential, guestUser, registeredUser } from '../support/sessionFixtures';

export type SessionActor = Actor<typeof sessionMachine>;

interface PendingRequest {
  actorId: string;
  input: unknown;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  /**
   * A link of this guest failed as revoked, and the guest link guard blocked the SDK's sign-out
   * because storage still held the guest: the link waits for the registration to sync.
   */
  awaitsRegistrationOf?: string;
}

/** Operations that link a credential to the guest (same uid), as `linkGuest` runs them. */
const LINKS = new Set(['createAccount', 'continueWithGoogle', 'completeSignInLink']);

export interface Tab {
  name: string;
  actor: SessionActor;
  /** The SDK's current user in this tab (what its listener last reported). */
  sdkUser: SessionUser | null;
  pending: PendingRequest[];
  /** An exception the machine threw, if any. */
  crash: unknown;
  sendAuthChanged: ((event: AuthChangedEvent) => void) | null;
}

/** Registered accounts that exist before the sequence starts (signed in to by e-mail). */
export const ACCOUNTS: readonly SessionUser[] = [
  { ...registeredUser, uid: 'account-ada', email: 'ada@example.com' },
  { ...registeredUser, uid: 'account-grace', email: 'grace@example.com' },
];

/** How a request settles: its success with the SDK's effects, or a failure of a catalogue code. */
export type Settlement =
  | { kind: 'succeed' }
  | { kind: 'fail'; code: ClientCode | 'auth/some-code-nobody-knows'; withCredential: boolean }
  /**
   * Another tab links the same guest in the same instant and wins: this tab's answer (expired)
   * arrives before that tab has persisted the registration, which it does right after.
   */
  | { kind: 'loseToAnotherTab' };

export class SdkWorld {
  stored: SessionUser | null;
  readonly tabs: Tab[] = [];
  private guestCount = 0;

  constructor(initiallyStored: SessionUser | null) {
    this.stored = initiallyStored;
  }

  newGuest(): SessionUser {
    this.guestCount += 1;
    return { ...guestUser, uid: `guest-${this.guestCount}` };
  }

  openTab(name: string, inspect?: Parameters<typeof createActor>[1]): Tab {
    const tab: Tab = {
      name,
      actor: undefined as unknown as SessionActor,
      sdkUser: this.stored,
      pending: [],
      crash: null,
      sendAuthChanged: null,
    };
    const request = () =>
      fromPromise<unknown, unknown>(
        ({ input, self }) =>
          new Promise((resolve, reject) => {
            tab.pending.push({ actorId: self.id, input, resolve, reject });
          }),
      );
    const actors = Object.fromEntries(
      Object.keys(sessionMachine.implementations.actors).map((id) => [id, request()]),
    );
    const logic = sessionMachine.provide({
      actors: {
        ...actors,
        watchAuth: fromCallback<EventObject>(({ sendBack }) => {
          tab.sendAuthChanged = sendBack;
          return () => {
            tab.sendAuthChanged = null;
          };
        }),
        loadPasswordPolicy: fromCallback(() => () => undefined),
      },
    });
    tab.actor = createActor(logic, inspect ?? {});
    tab.actor.subscribe({ error: (error: unknown) => (tab.crash = error) });
    this.tabs.push(tab);
    tab.actor.start();
    return tab;
  }

  /** The SDK in `tab` changes its current user (and storage), and fires its listener. */
  setSdkUser(tab: Tab, user: SessionUser | null): void {
    tab.sdkUser = user;
    this.stored = user;
    tab.sendAuthChanged?.({ type: 'AUTH_CHANGED', user });
  }

  /** The tab's SDK notices storage changed (another tab), as its polling would. */
  sync(tab: Tab): void {
    if (sameIdentity(tab.sdkUser, this.stored)) return;
    tab.sdkUser = this.stored;
    tab.sendAuthChanged?.({ type: 'AUTH_CHANGED', user: this.stored });
    // A blocked link learns the guest is registered (its listeners were told first): it fails.
    const user = tab.sdkUser;
    const waiting = tab.pending.findIndex(
      (request) => user !== null && !user.isAnonymous && request.awaitsRegistrationOf === user.uid,
    );
    if (waiting >= 0) tab.pending.splice(waiting, 1)[0]?.reject(failure('user-token-expired'));
  }

  /** Another device or tab without a machine changes the persisted user. */
  changeElsewhere(action: 'signInAda' | 'signInGrace' | 'signOut' | 'registerGuest' | 'delete') {
    const stored = this.stored;
    switch (action) {
      case 'signInAda':
        this.stored = ACCOUNTS[0] ?? null;
        return;
      case 'signInGrace':
        this.stored = ACCOUNTS[1] ?? null;
        return;
      case 'signOut':
        // That tab's session starts a fresh guest at once.
        this.stored = this.newGuest();
        return;
      case 'delete':
        if (stored && !stored.isAnonymous) this.stored = this.newGuest();
        return;
      case 'registerGuest':
        if (stored?.isAnonymous) this.stored = registered(stored);
        return;
    }
  }

  /** Settles one of the tab's requests as the real SDK and service would. */
  settle(tab: Tab, index: number, settlement: Settlement): void {
    const request = tab.pending.splice(index % Math.max(tab.pending.length, 1), 1)[0];
    if (!request) return;
    if (request.awaitsRegistrationOf !== undefined) {
      // No registration arrived in time: the guest's session really ended.
      request.reject(failure('user-token-expired'));
      return;
    }
    if (settlement.kind === 'fail') {
      this.fail(tab, request, settlement);
      return;
    }
    if (settlement.kind === 'loseToAnotherTab') {
      this.loseToAnotherTab(tab, request);
      return;
    }
    this.succeed(tab, request);
  }

  private loseToAnotherTab(tab: Tab, request: PendingRequest): void {
    const guest = tab.sdkUser;
    const racing =
      LINKS.has(request.actorId) && guest?.isAnonymous === true && this.stored?.uid === guest.uid;
    this.fail(tab, request, { kind: 'fail', code: 'user-token-expired', withCredential: false });
    if (racing) this.stored = registered(guest);
  }

  private succeed(tab: Tab, request: PendingRequest): void {
    const user = tab.sdkUser;
    const noUser = () => request.reject(failure('no-user'));
    switch (request.actorId) {
      case 'restoreSession':
        request.resolve({ user, redirectError: null });
        return;
      case 'startGuest': {
        const guest = this.newGuest();
        this.setSdkUser(tab, guest);
        request.resolve(guest);
        return;
      }
      case 'createAccount':
      case 'continueWithGoogle': {
        if (!user) return noUser();
        if (!user.isAnonymous) return request.reject(failure('provider-already-linked'));
        if (this.stored?.uid === user.uid && !this.stored.isAnonymous) {
          // Linked in another tab: this tab's token is stale. The service does not let the SDK
          // sign out (that would sign the other tab out too); the tab syncs, then the link fails.
          this.sync(tab);
          return request.reject(failure('user-token-expired'));
        }
        const linked = registered(user);
        this.setSdkUser(tab, linked);
        request.resolve(
          request.actorId === 'createAccount' ? { user: linked, verificationSent: true } : linked,
        );
        return;
      }
      // A link opened on this device: linked to the guest (same uid).
      case 'completeSignInLink': {
        if (!user?.isAnonymous) return noUser();
        const linked = registered(user);
        this.setSdkUser(tab, linked);
        request.resolve({ user: linked, discardedGuest: null });
        return;
      }
      case 'applyEmailAction':
        request.resolve({ action: 'verifyEmail', user });
        return;
      case 'signIn':
      case 'switchAccount': {
        const account = accountFor(request.input);
        // The guest it replaces saved a profile: the machine offers to carry it over.
        const guest = user?.isAnonymous ? user : null;
        this.setSdkUser(tab, account);
        request.resolve({
          user: account,
          discardedGuest: guest
            ? { uid: guest.uid, idToken: `token-of-${guest.uid}`, work: 'some' }
            : null,
        });
        return;
      }
      case 'carryOver': {
        if (!user || user.isAnonymous) return noUser();
        const mode =
          typeof request.input === 'object' && request.input !== null && 'mode' in request.input
            ? request.input.mode
            : undefined;
        request.resolve({
          mode,
          carriedProfile: mode !== 'leave',
          carriedCv: false,
          completedAt: '',
        });
        return;
      }
      case 'signOut':
        this.setSdkUser(tab, null);
        request.resolve(undefined);
        return;
      case 'sendPasswordReset':
      case 'confirmPasswordReset':
      case 'sendSignInLink':
        request.resolve(undefined);
        return;
      case 'sendEmailVerification':
      case 'changeEmail':
        if (!user || user.isAnonymous) return noUser();
        request.resolve(undefined);
        return;
      case 'changePassword':
      case 'reauthenticate':
        if (!user || user.isAnonymous) return noUser();
        // New tokens: the listener fires with the same user.
        this.setSdkUser(tab, { ...user });
        request.resolve(request.actorId === 'reauthenticate' ? tab.sdkUser : undefined);
        return;
      case 'refreshSession':
        if (!user) return noUser();
        request.resolve({ ...user });
        return;
      case 'deleteAccount':
        if (!user || user.isAnonymous) return noUser();
        this.setSdkUser(tab, null);
        request.resolve(undefined);
        return;
      default:
        // redirectToGoogle succeeds by leaving the page: it never settles.
        tab.pending.push(request);
    }
  }

  private fail(
    tab: Tab,
    request: PendingRequest,
    settlement: Extract<Settlement, { kind: 'fail' }>,
  ): void {
    const { code } = settlement;
    if (code === 'auth/some-code-nobody-knows') {
      request.reject({ code, message: 'Firebase: Error (auth/some-code-nobody-knows).' });
      return;
    }
    if (handlingOf(code) === 'signOut' && tab.sdkUser) {
      const guest = tab.sdkUser;
      const stored = this.stored;
      // The SDK signs the revoked user out, unless the guest link guard stops it: this tab was
      // linking the guest that storage still holds (another tab may be registering it).
      if (LINKS.has(request.actorId) && guest.isAnonymous && stored?.uid === guest.uid) {
        if (!stored.isAnonymous) {
          this.sync(tab);
          request.reject(failure('user-token-expired'));
          return;
        }
        // Not registered yet: the link waits for the registration (or its time limit).
        tab.pending.push({ ...request, awaitsRegistrationOf: guest.uid });
        return;
      }
      this.setSdkUser(tab, null);
    }
    request.reject(failure(code, settlement.withCredential));
  }
}

function failure(code: ClientCode, withCredential = false): SessionFailureData {
  return {
    code,
    message: userMessageFor(code),
    ...(withCredential ? { switchCredential: googleSwitchCredential } : {}),
  };
}

function registered(guest: SessionUser): SessionUser {
  return {
    ...guest,
    isAnonymous: false,
    email: `${guest.uid}@example.com`,
    providerIds: ['password'],
  };
}

function accountFor(input: unknown): SessionUser {
  const email =
    typeof input === 'object' && input !== null && 'email' in input ? input.email : undefined;
  return ACCOUNTS.find((account) => account.email === email) ?? ACCOUNTS[0]!;
}

export function sameIdentity(a: SessionUser | null, b: SessionUser | null): boolean {
  return (
    a === b || (a !== null && b !== null && a.uid === b.uid && a.isAnonymous === b.isAnonymous)
  );
}
