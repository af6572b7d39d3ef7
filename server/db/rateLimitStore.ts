import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './database';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** Rows whose window ended this long ago go; at most once a minute per process. */
const PRUNE_EVERY_MS = 60_000;

/**
 * `@fastify/rate-limit`'s store in the `rate_limit_hits` table, so every backend process on one
 * PostgreSQL server counts the same window: a hit is one statement (an upsert that starts a new
 * window when the old one ended), a look without counting one primary-key read.
 */
export function postgresRateLimitStore(
  db: Database,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  let lastPruneMs = Date.now();
  const prune = () => {
    if (Date.now() - lastPruneMs < PRUNE_EVERY_MS) return;
    lastPruneMs = Date.now();
    db.execute(sql`delete from rate_limit_hits where window_ends_at < now() - interval '1 hour'`)
      .then(() => undefined)
      .catch((error: unknown) =>
        log.warn({ err: error }, 'pruning the rate limit counters failed'),
      );
  };
  /** The statement's row (`hits`, `ttl_ms`) as the limiter reads it; none: a clean window. */
  const answer = (result: unknown, callback: Callback) => {
    const rows: unknown =
      typeof result === 'object' && result !== null && 'rows' in result ? result.rows : null;
    if (!Array.isArray(rows)) {
      callback(new Error('The rate limit counter answered no rows.'));
      return;
    }
    const row = rows[0] as { hits: unknown; ttl_ms: unknown } | undefined;
    callback(
      null,
      row ? { current: Number(row.hits), ttl: Number(row.ttl_ms) } : { current: 0, ttl: 0 },
    );
  };
  const failed = (callback: Callback) => (error: unknown) =>
    callback(error instanceof Error ? error : new Error(String(error)));
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      prune();
      db.execute(
        sql`insert into rate_limit_hits as h (key, hits, window_ends_at)
            values (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
            on conflict (key) do update set
              hits = case when h.window_ends_at <= now() then 1 else h.hits + 1 end,
              window_ends_at = case when h.window_ends_at <= now()
                then excluded.window_ends_at else h.window_ends_at end
            returning hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl_ms`,
      ).then((result) => answer(result, callback), failed(callback));
    }

    /** The window's count without counting (`{ increment: false }`). */
    read(key: string, callback: Callback): void {
      db.execute(
        sql`select hits, ceil(extract(epoch from window_ends_at - now()) * 1000)::int as ttl_ms
            from rate_limit_hits where key = ${key} and window_ends_at > now()`,
      ).then((result) => answer(result, callback), failed(callback));
    }

    /** Keys already name their limit (`uid:`, `ip:`, `refused:`), so one table serves all. */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
