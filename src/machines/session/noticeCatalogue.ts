/** Non-error messages for people, keyed by code, as the error catalogue is. */
export const NOTICE_CATALOGUE = {
  'password-reset-sent':
    'If an account exists for that address, we have sent it a link to reset the password. Check your inbox.',
  'password-reset-done': 'Your password has been reset. Sign in with it now.',
  'password-changed': 'Your password has been changed.',
  'session-refreshed': 'Your account details are up to date.',
  'you-signed-out': 'You are signed out. Sign in to get back to your account.',
  'signed-out': 'You have been signed out. You are browsing as a guest.',
  'account-deleted': 'Your account and everything in it have been deleted.',
  'guest-work-brought': 'Your work as a guest is now in your account.',
  'guest-work-left': 'Your work as a guest was left behind and deleted.',
  'sign-in-link-sent':
    'We have e-mailed you a sign-in link. Open it on this device to sign in at once, or on another one and enter your address there.',
  'verification-sent':
    'We have sent you a link to confirm your email address. Open it to finish; check your spam folder if it does not arrive.',
  'email-verified': 'Your email address is confirmed.',
  'email-change-sent':
    'We have sent a link to your new address. Your address changes when you open it; until then, keep using the current one.',
  'email-changed': 'Your email address has been changed. Use the new one to sign in from now on.',
  'email-change-undone':
    'Your email address has been changed back. If you did not ask for the change, reset your password now.',
} as const satisfies Record<string, string>;

/** Notices that name an e-mail address: the message is made from it. */
export const ADDRESSED_NOTICE_CATALOGUE = {
  'registered-in-another-tab': (address: string) =>
    `This guest was just registered as ${address} in another tab, and its work is in that account. To create an account with your own address instead, sign out (every tab signs out) and create it.`,
} as const satisfies Record<string, (address: string) => string>;

export type PlainNoticeCode = keyof typeof NOTICE_CATALOGUE;
export type AddressedNoticeCode = keyof typeof ADDRESSED_NOTICE_CATALOGUE;
export type NoticeCode = PlainNoticeCode | AddressedNoticeCode;

/** A non-error message for the user, such as "Password reset e-mail sent". */
export interface SessionNotice {
  code: NoticeCode;
  message: string;
}

export function noticeFor(code: PlainNoticeCode): SessionNotice {
  return { code, message: NOTICE_CATALOGUE[code] };
}

export function addressedNoticeFor(code: AddressedNoticeCode, address: string): SessionNotice {
  return { code, message: ADDRESSED_NOTICE_CATALOGUE[code](address) };
}
