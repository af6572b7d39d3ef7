import { EventEmitter } from 'node:events';
import { eq, lt, sql } from 'drizzle-orm';
import { ApiFailure } from '../apiFailure';
import type { Database, Transaction } from '../db/database';
import { preparedFor } from '../db/prepared';
import { revokedUsers } from '../db/schema';

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
 * in-process news that one went, for what holds its sessions here: the verified-token cache and
 * the live alert streams. Another process learns it from the database on its next request; to end
 * its streams too, something (a PostgreSQL NOTIFY) would call `announce` there.
 */
export interface Revocations {
  /** Throws `user-not-found` (401) when `uid` was recorded as gone. */
  assertNotRevoked(uid: string): Promise<void>;
  /** Tells this process's listeners; call after the recording transaction committed. */
  announce(uid: string): void;
  /** Calls `listener` with every announced uid; returns the unsubscribe. */
  subscribe(listener: (uid: string) => void): () => void;
  /** Calls `listener` when `uid` is announced; returns the unsubscribe. */
  subscribeUser(uid: string, listener: () => void): () => void;
}

const ALL = 'revoked';
const userChannel = (uid: string) => `user:${uid}`;

export function createRevocations(db: Database): Revocations {
  const emitter = new EventEmitter();
  // One listener per open stream: many is normal, not a leak.
  emitter.setMaxListeners(0);
  const listen = <T extends unknown[]>(channel: string, listener: (...args: T) => void) => {
    emitter.on(channel, listener);
    return () => {
      emitter.off(channel, listener);
    };
  };
  return {
    async assertNotRevoked(uid) {
      const rows = await revokedRow(db).execute({ uid });
      if (rows.length > 0) throw new ApiFailure('user-not-found');
    },
    announce(uid) {
      emitter.emit(ALL, uid);
      emitter.emit(userChannel(uid));
    },
    subscribe: (listener) => listen(ALL, listener),
    subscribeUser: (uid, listener) => listen(userChannel(uid), listener),
  };
}
