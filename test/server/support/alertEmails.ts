import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { alertEmailSettings, alerts } from '../../../server/db/schema';
import { ingestBoard } from '../../../server/jobs/store/ingestBoard';
import type { PostingDraft } from '../../../server/jobs/normalise/toJobRecord';
import { call } from './backend';
import { postingRecord, uniqueBoard } from './jobs';
import { validProfile } from './profiles';
import { accountSession, testAdminAuth } from './sessions';
import { checkoutCompleted, newParties, sendEvent } from './stripeEvents';

/** A registered user with a saved profile, verified unless asked not to be, Pro when asked. */
export async function alertUser(
  app: FastifyInstance,
  { pro = false, verified = true }: { pro?: boolean; verified?: boolean } = {},
) {
  const account = await accountSession('alerts');
  if (verified) await testAdminAuth().updateUser(account.uid, { emailVerified: true });
  const saved = await call(app, 'PUT', '/v1/profile', {
    token: account.token,
    body: validProfile(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  if (pro) {
    const paid = await sendEvent(app, checkoutCompleted(account.uid, newParties()));
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return account;
}

/**
 * A new posting stored and an alert for it made for `uid`, as alert creation does (the row, then
 * the event once it is stored); `createdAt` backdates it.
 */
export async function newAlert(
  app: FastifyInstance,
  uid: string,
  { posting = {}, createdAt }: { posting?: Partial<PostingDraft>; createdAt?: Date } = {},
): Promise<number> {
  const board = uniqueBoard('greenhouse', 'mail');
  const record = postingRecord(board, {
    title: 'Senior Backend Engineer',
    company: 'Mailco',
    description: 'TypeScript, PostgreSQL and Kubernetes services.',
    ...posting,
  });
  const { newJobIds } = await ingestBoard(app.db, board, [record], new Date());
  const jobId = newJobIds[0];
  if (jobId === undefined) throw new Error('the posting was not stored');
  const [row] = await app.db
    .insert(alerts)
    .values({ uid, jobId, score: 80, ...(createdAt ? { createdAt } : {}) })
    .returning({ id: alerts.id });
  if (!row) throw new Error('no alert row');
  await app.alertEvents.publish({ uid, alertIds: [row.id] });
  return row.id;
}

export async function emailedAt(app: FastifyInstance, alertId: number): Promise<Date | null> {
  const [row] = await app.db
    .select({ emailedAt: alerts.emailedAt })
    .from(alerts)
    .where(eq(alerts.id, alertId));
  return row?.emailedAt ?? null;
}

export async function emailSettingsOf(app: FastifyInstance, uid: string) {
  const [row] = await app.db
    .select()
    .from(alertEmailSettings)
    .where(and(eq(alertEmailSettings.uid, uid)));
  return row ?? null;
}

/** Waits until `check` answers something other than undefined (polling), or fails after `ms`. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  ms: number,
  what: string,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out after ${ms} ms waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
