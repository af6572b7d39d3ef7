import { createBrowserInspector } from '@statelyai/inspect';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, type EventObject } from 'xstate';
import {
  CIRCULAR,
  REDACTED,
  TOO_DEEP,
  isSecretKey,
  redactSecrets,
} from '../../src/machines/session/inspectionRedaction';
import {
  createSessionInspector,
  type SessionInspect,
} from '../../src/machines/session/sessionInspector';
import { INITIAL_SESSION_CONTEXT, sessionMachine } from '../../src/machines/session/sessionMachine';
import type {
  AccountCreated,
  EmailPassword,
  RestoreResult,
  SessionContext,
  SessionEvent,
  SessionUser,
} from '../../src/machines/session/sessionTypes';
import { guestUser } from '../support/sessionFixtures';

const PASSWORD = 'correct-horse-battery-staple';
const NEW_PASSWORD = 'new-horse-battery-staple';
const OOB_CODE = 'oob-code-from-the-reset-link';
/** An e-mailed sign-in link as the Auth Emulator issues it (its code's shape measured there). */
const SIGN_IN_LINK =
  'https://applyfirst.example/login?mode=signIn&lang=en&oobCode=gsIQrwb5PLiKhKgGFzRc2oqxJ9CLfIrdOlNaFcIgLRjGlvGJ7kyI8_&apiKey=fake-api-key';
const GOOGLE_ID_TOKEN = 'google-id-token.jwt';
const SECRETS = [PASSWORD, NEW_PASSWORD, OOB_CODE, GOOGLE_ID_TOKEN];

const guest: SessionUser = guestUser;

function baseContext(): SessionContext {
  return { ...INITIAL_SESSION_CONTEXT, user: guest };
}

function expectNoSecrets(value: unknown): void {
  const text = JSON.stringify(value);
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('redactSecrets', () => {
  it('recognises the secret keys case-insensitively and nothing else', () => {
    for (const key of ['password', 'PASSWORD', 'newPassword', 'currentpassword', 'oobCode']) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['IdToken', 'accessToken', 'refreshToken', 'token', 'secret']) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['credentialJson', 'stsTokenManager', 'oauthIdToken', 'pendingToken']) {
      expect(isSecretKey(key)).toBe(true);
    }
    for (const key of ['email', 'uid', 'passwordPolicy', 'providerId', 'code']) {
      expect(isSecretKey(key)).toBe(false);
    }
  });

  it('redacts at any depth, inside arrays, and keeps everything else', () => {
    const input = {
      a: { b: { c: { Password: PASSWORD, email: 'a@example.com' } } },
      list: [{ token: 'abc' }, { nested: [{ SECRET: 'xyz', keep: 1 }] }, 'plain', 7],
    };
    expect(redactSecrets(input)).toEqual({
      a: { b: { c: { Password: REDACTED, email: 'a@example.com' } } },
      list: [{ token: REDACTED }, { nested: [{ SECRET: REDACTED, keep: 1 }] }, 'plain', 7],
    });
  });

  it('replaces a secret object as a whole, and keeps a secret key that holds nothing', () => {
    expect(
      redactSecrets({ stsTokenManager: { accessToken: 'a', expirationTime: 1 }, password: null }),
    ).toEqual({ stsTokenManager: REDACTED, password: null });
    expect(redactSecrets({ password: undefined })).toEqual({ password: undefined });
  });

  it('never mutates its input', () => {
    const input = {
      event: { type: 'CREATE_ACCOUNT', email: 'a@example.com', password: PASSWORD },
      list: [{ newPassword: NEW_PASSWORD }],
    };
    const before = structuredClone(input);
    const output = redactSecrets(deepFreeze(input));
    expect(input).toEqual(before);
    expect(output).not.toBe(input);
    expect((output as typeof input).event).not.toBe(input.event);
  });

  it('turns cycles into a marker, and copies a shared value once', () => {
    const shared = { password: PASSWORD, id: 'shared' };
    const cyclic: Record<string, unknown> = { name: 'root', left: shared, right: shared };
    cyclic.self = cyclic;
    (cyclic.right as Record<string, unknown>).back = cyclic;

    const copy = redactSecrets(cyclic) as Record<string, Record<string, unknown>>;
    expect(copy.self).toBe(CIRCULAR);
    expect(copy.left).toEqual({ password: REDACTED, id: 'shared', back: CIRCULAR });
    expect(copy.right).toBe(copy.left);
    expect(() => JSON.stringify(copy)).not.toThrow();
  });

  it('stops at the depth limit', () => {
    expect(redactSecrets({ a: { b: { c: 1 } } }, { maxDepth: 2 })).toEqual({
      a: { b: TOO_DEEP },
    });
  });

  it('keeps actor refs shallow: their id only', () => {
    const child = createActor(createMachine({ id: 'child', context: { password: PASSWORD } }), {
      id: 'theChild',
    });
    const copy = redactSecrets({ ref: child, refs: [child] });
    expect(copy).toEqual({
      ref: { xstate$$type: 1, id: 'theChild' },
      refs: [{ xstate$$type: 1, id: 'theChild' }],
    });
  });

  it('copies errors with their message, fields and cause, redacting SDK tokens', () => {
    const sdkError = Object.assign(new Error('Firebase: Error (auth/credential-already-in-use).'), {
      code: 'auth/credential-already-in-use',
      customData: {
        appName: '[DEFAULT]',
        _tokenResponse: {
          idToken: 'firebase-id-token',
          refreshToken: 'firebase-refresh-token',
          oauthIdToken: GOOGLE_ID_TOKEN,
          oauthAccessToken: 'google-access-token',
          email: 'taken@example.com',
        },
      },
    });
    const failure = new Error('That Google account is already in use.', { cause: sdkError });

    const copy = redactSecrets({ type: 'xstate.error.actor.continueWithGoogle', error: failure });
    expect(copy).toEqual({
      type: 'xstate.error.actor.continueWithGoogle',
      error: {
        name: 'Error',
        message: 'That Google account is already in use.',
        cause: {
          name: 'Error',
          message: 'Firebase: Error (auth/credential-already-in-use).',
          code: 'auth/credential-already-in-use',
          customData: {
            appName: '[DEFAULT]',
            // Its name says it holds tokens, so it goes as a whole.
            _tokenResponse: REDACTED,
          },
        },
      },
    });
  });

  it('handles maps, sets, dates, functions and objects with toJSON', () => {
    const when = new Date('2024-01-02T03:04:05Z');
    const copy = redactSecrets({
      map: new Map<string, unknown>([
        ['password', PASSWORD],
        ['email', 'a@example.com'],
      ]),
      set: new Set([{ token: 't' }]),
      when,
      callback: function onDone() {},
      snapshotLike: { toJSON: () => ({ context: { password: PASSWORD } }) },
    }) as Record<string, unknown>;

    expect(copy.map).toEqual(
      new Map([
        ['password', REDACTED],
        ['email', 'a@example.com'],
      ]),
    );
    expect(copy.set).toEqual(new Set([{ token: REDACTED }]));
    expect(copy.when).toEqual(when);
    expect(copy.when).not.toBe(when);
    expect(copy.callback).toBe('[function onDone]');
    expect(copy.snapshotLike).toEqual({ context: { password: REDACTED } });
  });

  it('keeps a key named __proto__ as data', () => {
    const input = JSON.parse('{"__proto__": {"password": "x"}}') as object;
    const copy = redactSecrets(input) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({
      password: REDACTED,
    });
  });
});

describe('redactSecrets on the session machine’s shapes', () => {
  it('redacts a password switch credential in the context', () => {
    const context: SessionContext = {
      ...baseContext(),
      switchCredential: { providerId: 'password', email: 'a@example.com', password: PASSWORD },
    };
    const copy = redactSecrets(context);
    expect(copy).toEqual({ ...context, switchCredential: REDACTED });
  });

  it('redacts a Google switch credential (the SDK credential JSON) in the context', () => {
    const context: SessionContext = {
      ...baseContext(),
      switchCredential: {
        providerId: 'google.com',
        credentialJson: { providerId: 'google.com', idToken: GOOGLE_ID_TOKEN, pendingToken: 'p' },
      },
    };
    expect(redactSecrets(context)).toEqual({ ...context, switchCredential: REDACTED });
  });

  it('redacts the new password of a pending operation, and keeps a delete as it is', () => {
    const updating: SessionContext = {
      ...baseContext(),
      pendingOperation: { kind: 'changePassword', newPassword: NEW_PASSWORD },
    };
    expect(redactSecrets(updating)).toEqual({
      ...updating,
      pendingOperation: { kind: 'changePassword', newPassword: REDACTED },
    });
    const deleting: SessionContext = {
      ...baseContext(),
      pendingOperation: { kind: 'deleteAccount' },
    };
    expect(redactSecrets(deleting)).toEqual(deleting);
  });

  it('redacts the secrets of the events people send', () => {
    const events: [SessionEvent, SessionEvent][] = [
      [
        { type: 'CREATE_ACCOUNT', email: 'a@example.com', password: PASSWORD },
        { type: 'CREATE_ACCOUNT', email: 'a@example.com', password: REDACTED },
      ],
      [
        { type: 'SIGN_IN', email: 'a@example.com', password: PASSWORD },
        { type: 'SIGN_IN', email: 'a@example.com', password: REDACTED },
      ],
      [
        { type: 'CHANGE_PASSWORD', newPassword: NEW_PASSWORD },
        { type: 'CHANGE_PASSWORD', newPassword: REDACTED },
      ],
      [
        { type: 'REAUTHENTICATE', password: PASSWORD },
        { type: 'REAUTHENTICATE', password: REDACTED },
      ],
      [{ type: 'REAUTHENTICATE' }, { type: 'REAUTHENTICATE' }],
      [
        { type: 'CONFIRM_PASSWORD_RESET', oobCode: OOB_CODE, newPassword: NEW_PASSWORD },
        { type: 'CONFIRM_PASSWORD_RESET', oobCode: REDACTED, newPassword: REDACTED },
      ],
      [
        { type: 'SEND_PASSWORD_RESET', email: 'a@example.com' },
        { type: 'SEND_PASSWORD_RESET', email: 'a@example.com' },
      ],
      [
        { type: 'APPLY_EMAIL_ACTION', oobCode: OOB_CODE },
        { type: 'APPLY_EMAIL_ACTION', oobCode: REDACTED },
      ],
      [
        { type: 'CHANGE_EMAIL', newEmail: 'b@example.com', currentPassword: PASSWORD },
        { type: 'CHANGE_EMAIL', newEmail: 'b@example.com', currentPassword: REDACTED },
      ],
      // The link is the whole URL: its code (an opaque token, as the provider issues it) goes.
      [
        { type: 'COMPLETE_SIGN_IN_LINK', link: SIGN_IN_LINK, email: 'a@example.com' },
        {
          type: 'COMPLETE_SIGN_IN_LINK',
          link: 'https://applyfirst.example/login?mode=signIn&lang=en&oobCode=[redacted]&apiKey=fake-api-key',
          email: 'a@example.com',
        },
      ],
    ];
    for (const [event, redacted] of events) expect(redactSecrets(event)).toEqual(redacted);
  });

  it('redacts the input in an invoked operation’s snapshot', () => {
    const snapshot = {
      status: 'active',
      output: undefined,
      error: undefined,
      input: { email: 'a@example.com', password: PASSWORD } satisfies EmailPassword,
    };
    expect(redactSecrets(snapshot)).toEqual({
      ...snapshot,
      input: { email: 'a@example.com', password: REDACTED },
    });
  });
});

describe('createSessionInspector', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A window whose inspector "opens" at once and records what is posted to it. */
  function fakeInspectorWindow(): { window: Window; posted: unknown[]; connect: () => void } {
    const posted: unknown[] = [];
    const listeners: ((event: { data: unknown }) => void)[] = [];
    const inspectorWindow = {
      postMessage: (message: unknown) => {
        posted.push(structuredClone(message)); // what a real window would receive
      },
    };
    const host = {
      open: () => inspectorWindow,
      addEventListener: (type: string, listener: (event: { data: unknown }) => void) => {
        if (type === 'message') listeners.push(listener);
      },
    };
    const connect = (): void => {
      listeners.forEach((listener) => listener({ data: { type: '@statelyai.connected' } }));
    };
    return { window: host as unknown as Window, posted, connect };
  }

  function sessionActorFor(inspect: SessionInspect) {
    const never = new Promise<never>(() => undefined);
    const machine = sessionMachine.provide({
      actors: {
        watchAuth: fromCallback<EventObject>(() => undefined),
        loadPasswordPolicy: fromCallback<EventObject>(() => undefined),
        restoreSession: fromPromise<RestoreResult>(async () => ({
          user: guest,
          redirectError: null,
        })),
        // Stays pending, so its snapshot (with the credentials as input) is what gets inspected.
        createAccount: fromPromise<AccountCreated, EmailPassword>(() => never),
      },
    });
    return createActor(machine, { inspect });
  }

  it('posts the session’s events and snapshots to the inspector with the secrets redacted', async () => {
    const { window, posted, connect } = fakeInspectorWindow();
    const inspect = createSessionInspector({
      window,
      load: () => Promise.resolve(createBrowserInspector),
    });
    const actor = sessionActorFor(inspect);
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('guest')).toBe(true));
    actor.send({ type: 'CREATE_ACCOUNT', email: 'new@example.com', password: PASSWORD });
    expect(actor.getSnapshot().value).toBe('linking');
    connect();

    await vi.waitFor(() => {
      const text = JSON.stringify(posted);
      expect(text).toContain('"type":"CREATE_ACCOUNT"');
      expect(text).toContain('createAccount');
    });
    const text = JSON.stringify(posted);
    expectNoSecrets(posted);
    expect(text).toContain('new@example.com');
    expect(text).toContain(REDACTED);
    actor.stop();
  });

  it('does nothing outside a browser', () => {
    const load = vi.fn(() => Promise.resolve(createBrowserInspector));
    const inspect = createSessionInspector({ load });
    expect(() => inspect({} as never)).not.toThrow();
    expect(load).not.toHaveBeenCalled();
  });

  it('warns once and drops events when the library cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { window } = fakeInspectorWindow();
    const inspect = createSessionInspector({
      window,
      load: () => Promise.reject(new Error('offline')),
    });
    inspect({} as never);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(() => inspect({} as never)).not.toThrow();
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    Object.values(value).forEach(deepFreeze);
  }
  return value;
}
