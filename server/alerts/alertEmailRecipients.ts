import type { IdentityAdmin } from '../auth/identityAdmin';
import { isAnonymousUser } from '../auth/identityAdmin';
import { withTimeLimit } from '../withTimeLimit';

/** The Admin SDK answers at most 100 users per `getUsers` call. */
const BATCH = 100;
const LOOKUP_TIME_LIMIT_MS = 15_000;

/**
 * The e-mail address of each of `uids` that may get alert e-mails: a registered user (never a
 * guest), not disabled, whose address is verified. Users not found are left out.
 */
export async function verifiedAddresses(
  admin: IdentityAdmin,
  uids: readonly string[],
): Promise<Map<string, string>> {
  const addresses = new Map<string, string>();
  for (let start = 0; start < uids.length; start += BATCH) {
    const batch = uids.slice(start, start + BATCH);
    const { users } = await withTimeLimit(
      admin.getUsers(batch.map((uid) => ({ uid }))),
      LOOKUP_TIME_LIMIT_MS,
      'Looking up e-mail recipients',
    );
    for (const user of users) {
      if (isAnonymousUser(user) || user.disabled || !user.emailVerified || !user.email) continue;
      addresses.set(user.uid, user.email);
    }
  }
  return addresses;
}
