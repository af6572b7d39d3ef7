import nodemailer from 'nodemailer';
import { withTimeLimit } from '../withTimeLimit';

/** One e-mail, ready to send: plain text and simple HTML, and extra headers (List-Unsubscribe). */
export interface OutgoingMail {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface Mailer {
  /** Resolves once the relay accepted the message; rejects with the SMTP failure. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;
const SEND_TIME_LIMIT_MS = 60_000;

/** Sends through the SMTP relay at `smtpUrl` (one pooled connection), from `from`. */
export function createMailer(smtpUrl: string, from: string): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port === '' ? undefined : Number(url.port),
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? {
          auth: {
            user: decodeURIComponent(url.username),
            pass: decodeURIComponent(url.password),
          },
        }
      : {}),
    pool: true,
    maxConnections: 1,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    send: async (mail) => {
      await withTimeLimit(
        transport.sendMail({ from, ...mail, headers: { ...mail.headers } }),
        SEND_TIME_LIMIT_MS,
        'Sending an e-mail',
      );
    },
    close: () => transport.close(),
  };
}

/** What may be logged of a failed send: nodemailer's codes, never the message or an address. */
export function mailFailureOf(error: unknown): { code: string; command?: string; status?: number } {
  const { code, command, responseCode } = (error ?? {}) as {
    code?: unknown;
    command?: unknown;
    responseCode?: unknown;
  };
  return {
    code: typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown',
    ...(typeof command === 'string' ? { command } : {}),
    ...(typeof responseCode === 'number' ? { status: responseCode } : {}),
  };
}
