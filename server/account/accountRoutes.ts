import { deleteAccountResponseSchema } from '../../contract';
import { ApiFailure } from '../apiFailure';
import { identityOf } from '../auth/authenticate';
import { recordRevocation } from '../auth/revocations';
import type { PlanRow } from '../plan/planState';
import { readPlanRow } from '../plan/planStore';
import type { RoutePlugin } from '../routeDependencies';
import { withTimeLimit } from '../withTimeLimit';
import { deleteUserData } from './deleteUserData';

function isUserNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'auth/user-not-found';
}

/**
 * A subscription that will charge again. The backend makes no calls to the payment provider, so
 * an account whose subscription would outlive it is not deleted: its owner cancels first (the
 * billing portal), and a subscription that ends on its own does not stand in the way.
 */
function willRenew(plan: PlanRow): boolean {
  return plan.plan === 'pro' && !plan.cancelAtPeriodEnd && plan.cancelAt === null;
}

/**
 * Deletes the data and the Firebase user together: the rows are deleted inside a transaction, the
 * Admin SDK deletes the user before it commits, and a failure there rolls the rows back. If the
 * commit fails after the user is gone, the rows are orphans and the clean-up removes them. The
 * user's tokens are refused from the commit on, also where they were verified before.
 */
export const accountRoutes: RoutePlugin = async (app, { deps }) => {
  const schema = { response: { 200: deleteAccountResponseSchema } };
  app.delete('/v1/account', { onRequest: deps.authenticators.strict, schema }, async (request) => {
    const { uid, authTime } = identityOf(request);
    if (Date.now() / 1000 - authTime > deps.recentLoginSeconds) {
      throw new ApiFailure('requires-recent-login');
    }
    const plan = await readPlanRow(deps.db, uid);
    if (plan && willRenew(plan)) throw new ApiFailure('account-has-subscription');
    try {
      await deps.db.transaction(async (tx) => {
        await deleteUserData(tx, [uid]);
        await recordRevocation(tx, uid);
        try {
          await withTimeLimit(deps.admin.deleteUser(uid), 10_000, 'Deleting the Firebase user');
        } catch (error) {
          if (!isUserNotFound(error)) throw error;
        }
      });
    } catch (error) {
      throw new ApiFailure('account-deletion-failed', { cause: error });
    }
    await deps.revocations.announce(uid);
    return { deleted: true } as const;
  });
};
