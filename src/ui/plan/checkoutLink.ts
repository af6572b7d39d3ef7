import type { SessionUser } from '../../machines/session/sessionTypes';

/**
 * The hosted checkout link for a registered user: the uid as `client_reference_id`, so the
 * payment's events reach this account, and the e-mail prefilled.
 */
export function checkoutLink(
  checkoutUrl: string,
  user: Pick<SessionUser, 'uid' | 'email'>,
): string {
  const url = new URL(checkoutUrl);
  url.searchParams.set('client_reference_id', user.uid);
  if (user.email) url.searchParams.set('prefilled_email', user.email);
  return url.href;
}
