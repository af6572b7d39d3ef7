import { parseActionCodeURL } from 'firebase/auth';
import { describe, expect, it } from 'vitest';
import { appLinkOf, recipientOf, type EmulatorEmail } from '../../scripts/emails';

const APP_ORIGIN = 'http://127.0.0.1:5173';
const CONTINUE_URL = 'http://127.0.0.1:5173/account?tab=email&next=%2Fprofile';

/** A record as the Auth Emulator lists it (its link built as firebase-tools builds it). */
function emulatorEmail(mode: string, requestType: string, extra: Partial<EmulatorEmail> = {}) {
  const link = new URL('http://127.0.0.1:9099/emulator/action');
  link.searchParams.set('mode', mode);
  link.searchParams.set('lang', 'en');
  link.searchParams.set('oobCode', 'code-1_a-B');
  link.searchParams.set('apiKey', 'fake-api-key');
  link.searchParams.set('continueUrl', CONTINUE_URL);
  return {
    email: 'ada@example.com',
    requestType,
    oobCode: 'code-1_a-B',
    oobLink: link.href,
    ...extra,
  };
}

describe('npm run emails: an emulator record as a link on the app', () => {
  it.each([
    ['resetPassword', 'PASSWORD_RESET'],
    ['verifyEmail', 'VERIFY_EMAIL'],
    ['verifyAndChangeEmail', 'VERIFY_AND_CHANGE_EMAIL'],
    ['recoverEmail', 'RECOVER_EMAIL'],
  ])('%s: on /login, keeping mode, oobCode, continueUrl and lang, without apiKey', (mode, type) => {
    const link = new URL(appLinkOf(emulatorEmail(mode, type).oobLink, APP_ORIGIN));

    expect(link.origin).toBe(APP_ORIGIN);
    expect(link.pathname).toBe('/login');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      mode,
      oobCode: 'code-1_a-B',
      continueUrl: CONTINUE_URL,
      lang: 'en',
    });
    expect(link.href).not.toContain('apiKey');
    expect(link.href).not.toContain('fake-api-key');
  });

  it("signIn: the emulator's apiKey gives way to the app's, without which the SDK reads no sign-in link", () => {
    const record = emulatorEmail('signIn', 'EMAIL_SIGNIN');
    const link = new URL(appLinkOf(record.oobLink, APP_ORIGIN));

    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5173/login');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      mode: 'signIn',
      oobCode: 'code-1_a-B',
      continueUrl: CONTINUE_URL,
      lang: 'en',
      apiKey: 'demo-api-key',
    });
    expect(link.href).not.toContain('fake-api-key');
    expect(parseActionCodeURL(link.href)).toMatchObject({
      operation: 'EMAIL_SIGNIN',
      code: 'code-1_a-B',
      apiKey: 'demo-api-key',
    });
    link.searchParams.delete('apiKey');
    expect(parseActionCodeURL(link.href)).toBeNull();

    const configured = new URL(appLinkOf(record.oobLink, APP_ORIGIN, 'project-web-key'));
    expect(configured.searchParams.get('apiKey')).toBe('project-web-key');
  });

  it('keeps nothing else of the emulator link, and no continueUrl where it had none', () => {
    const record = emulatorEmail('recoverEmail', 'RECOVER_EMAIL');
    const bare = new URL(record.oobLink);
    bare.searchParams.delete('continueUrl');
    bare.searchParams.set('newPassword', 'NEW_PASSWORD_HERE');

    const link = new URL(appLinkOf(bare.href, 'http://127.0.0.1:4173'));

    expect(link.href).toBe(
      'http://127.0.0.1:4173/login?mode=recoverEmail&lang=en&oobCode=code-1_a-B',
    );
  });

  it('names the address each e-mail went to: an address change goes to the new one', () => {
    expect(recipientOf(emulatorEmail('verifyEmail', 'VERIFY_EMAIL'))).toBe('ada@example.com');
    expect(
      recipientOf(
        emulatorEmail('verifyAndChangeEmail', 'VERIFY_AND_CHANGE_EMAIL', {
          newEmail: 'ada@new.example',
        }),
      ),
    ).toBe('ada@new.example');
  });
});
