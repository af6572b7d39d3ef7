import { eq, lt, sql } from 'drizzle-orm';
import { ApiFailure } from '../apiFailure';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseConnection, Transaction } from '../db/database';
import { preparedFor } from '../db/prepared';
import { revokedUsers } from '../db/schema';
import { openUserBroadcast, type UserMessage } from '../db/userBroadcast';

/**
 * Records, in the caller's transaction (so it commits with the deletion or carry-over it belongs
 * to), that `uid` is gone: every token of it is refused from the commit on, on every process. A row
 * older than a day is dropped on the way: an ID token lives an hour, so none issued before its
 * user went can still be valid then.
 */
export async function recordRevocation(tx: Transaction, uid: string): Promise<void> {
  await tx
    .insert(revokedUsers)
    .values({ uid, revokedAt: sql`now()` })
    .onConflictDoUpdate({ target: revokedUsers.uid, set: { revokedAt: sql`now()` } });
  await tx.delete(revokedUsers).where(lt(revokedUsers.revokedAt, sql`now() - interval '1 day'`));
}

const revokedRow = preparedFor('revoked-user', (db) =>
  db
    .select({ uid: revokedUsers.uid })
    .from(revokedUsers)
    .where(eq(revokedUsers.uid, sql.placeholder('uid'))),
);

/**
 * Whether a user is gone (the database, shared by every process: one primary-key lookup), and the
 * news that one went, heard by every process through PostgreSQL's LISTEN/NOTIFY
 * (`userBroadcast.ts`), for what holds the user's sessions there: the verified-token cache and the
 * live alert streams. A process whose channel was down meanwhile still refuses the user on the
 * next request (the database check); only its open streams of that user run on until their token
 * expires.
 */
export interface Revocations {
  /** Throws `user-not-found` (401) when `uid` was recorded as gone. */
  assertNotRevoked(uid: string): Promise<void>;
  /** Tells every process; call after the recording transaction committed. */
  announce(uid: string): Promise<void>;
  /** Calls `listener` with every announced uid; returns the unsubscribe. */
  subscribe(listener: (uid: string) => void): () => void;
  /** Calls `listener` when `uid` is announced; returns the unsubscribe. */
  subscribeUser(uid: string, listener: () => void): () => void;
  /** Stops listening. */
  close(): Promise<void>;
}

export const REVOCATIONS_CHANNEL = 'applyfirst_revocations';

function asRevocation(value: unknown): UserMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uid } = value as { uid?: unknown };
  return typeof uid === 'string' ? { uid } : null;
}

export interface RevocationsOptions {
  db: Database;
  connection: DatabaseConnection;
  log: FastifyBaseLogger;
}

export async function createRevocations(options: RevocationsOptions): Promise<Revocations> {
  const broadcast = await openUserBroadcast({
    ...options,
    channel: REVOCATIONS_CHANNEL,
    parse: asRevocation,
  });
  return {
    async assertNotRevoked(uid) {
      const rows = await revokedRow(options.db).execute({ uid });
      if (rows.length > 0) throw new ApiFailure('user-not-found');
    },
    announce: (uid) => broadcast.publish({ uid }),
    subscribe: (listener) => broadcast.subscribe(({ uid }) => listener(uid)),
    subscribeUser: (uid, listener) => broadcast.subscribeUser(uid, () => listener()),
    close: () => broadcast.close(),
  };
}
