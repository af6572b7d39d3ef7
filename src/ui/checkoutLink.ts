import type { SessionUser } from '../machines/sessionTypes';

/**
 * The hosted checkout link for this visitor: the uid (guests included, since registering keeps it)
 * as `client_reference_id`, so the payment reaches the right account, and the e-mail prefilled.
 */
export function checkoutLink(
  checkoutUrl: string,
  user: Pick<SessionUser, 'uid' | 'email'> | null,
): string {
  const url = new URL(checkoutUrl);
  if (user) url.searchParams.set('client_reference_id', user.uid);
  if (user?.email) url.searchParams.set('prefilled_email', user.email);
  return url.href;
}
