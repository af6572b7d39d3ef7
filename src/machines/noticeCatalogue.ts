import type { SessionNotice } from './sessionTypes';

/** Non-error messages for people, keyed by code, as the error catalogue is. */
export const NOTICE_CATALOGUE = {
  'password-reset-sent': 'Check your inbox for a link to reset your password.',
  'password-reset-done': 'Your password has been reset. Sign in with it now.',
  'password-changed': 'Your password has been changed.',
  'session-refreshed': 'Your session has been refreshed.',
  'signed-out': 'You have been signed out. You are browsing as a guest.',
  'account-deleted': 'Your account has been deleted.',
} as const satisfies Record<string, string>;

export type NoticeCode = keyof typeof NOTICE_CATALOGUE;

export function noticeFor(code: NoticeCode): SessionNotice {
  return { code, message: NOTICE_CATALOGUE[code] };
}
