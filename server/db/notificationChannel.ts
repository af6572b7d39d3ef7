import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { withTimeLimit } from '../withTimeLimit';
import type { Database, DatabaseConnection, Transaction } from './database';

/** What a listener of a channel is told. */
export interface ChannelHandlers {
  /** One NOTIFY's payload, from this process or another. */
  message(payload: string): void;
  /** The channel is heard again after it was lost: whatever was sent meanwhile was not. */
  resumed(): void;
}

export interface ChannelListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  /** How often the listening connection is checked on a server (a dead socket may stay silent). */
  checkEveryMs?: number;
  /** The longest wait between two reconnection attempts. */
  maxRetryMs?: number;
}

const CONNECT_TIMEOUT_MS = 10_000;
const CHECK_TIME_LIMIT_MS = 5_000;
const DEFAULT_CHECK_EVERY_MS = 15_000;
const DEFAULT_MAX_RETRY_MS = 5_000;
const FIRST_RETRY_MS = 100;
export const LISTENER_APPLICATION_NAME = 'applyfirst-listener';

/**
 * Sends `payload` to every listener of `channel`, in every process on this database. Given a
 * transaction, PostgreSQL delivers it only when that transaction commits, and never if it rolls back.
 */
export async function notifyChannel(
  db: Database | Transaction,
  channel: string,
  payload: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

/**
 * Listens to `channel`: embedded PGlite through its own listener; a server through one connection
 * of its own (LISTEN needs a session, which a pool does not keep), reconnected with backoff whenever
 * it drops or stops answering, `resumed` called once it listens again.
 */
export async function listenToChannel(
  connection: DatabaseConnection,
  channel: string,
  handlers: ChannelHandlers,
  log: FastifyBaseLogger,
  options: ListenOptions = {},
): Promise<ChannelListener> {
  if (connection.kind === 'pglite') {
    const unlisten = await connection.client.listen(channel, handlers.message);
    return { close: () => unlisten() };
  }
  const listener = new ServerChannelListener(connection.url, channel, handlers, log, options);
  await listener.start();
  return listener;
}

class ServerChannelListener implements ChannelListener {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly checkTimer: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly handlers: ChannelHandlers,
    private readonly log: FastifyBaseLogger,
    private readonly options: ListenOptions,
  ) {
    this.checkTimer = setInterval(
      () => void this.check(),
      options.checkEveryMs ?? DEFAULT_CHECK_EVERY_MS,
    );
    this.checkTimer.unref();
  }

  /** The first connection must work: the backend does not start without its database. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      clearInterval(this.checkTimer);
      throw error;
    }
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      // So an operator (and a test) can tell it among the sessions in pg_stat_activity.
      application_name: LISTENER_APPLICATION_NAME,
    });
    client.on('notification', ({ channel, payload }) => {
      if (channel === this.channel) this.handlers.message(payload ?? '');
    });
    client.on('error', (error) => {
      this.log.warn({ err: error, channel: this.channel }, 'notification channel lost');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('end');
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer !== undefined) return;
    const maxRetryMs = this.options.maxRetryMs ?? DEFAULT_MAX_RETRY_MS;
    const delay = Math.min(maxRetryMs, FIRST_RETRY_MS * 2 ** this.failures);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connect().then(
        () => {
          if (this.closed) return;
          this.log.info(
            { channel: this.channel, attempts: this.failures + 1 },
            'notification channel resumed',
          );
          this.failures = 0;
          this.handlers.resumed();
        },
        (error: unknown) => {
          this.failures += 1;
          this.log.warn(
            { err: error, channel: this.channel, attempts: this.failures },
            'notification channel: reconnecting failed',
          );
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }

  /** A connection that stopped answering (a cut network sends no error) is replaced. */
  private async check(): Promise<void> {
    const client = this.client;
    if (client === null) return;
    try {
      await withTimeLimit(client.query('select 1'), CHECK_TIME_LIMIT_MS, 'Checking the channel');
    } catch (error) {
      this.log.warn({ err: error, channel: this.channel }, 'notification channel not answering');
      this.lost(client);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.checkTimer);
    clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (client === null) return;
    client.removeAllListeners('end');
    await client.end();
  }
}
