/**
 * The development mail sink: an SMTP server on 127.0.0.1 that keeps every message it receives (in
 * memory, the latest 200) and a small page listing them. `npm start` points the backend's
 * SMTP_URL at it; the tests send real SMTP to it.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { escapeHtml } from '../../server/email/escapeHtml';

export interface SinkMessage {
  readonly id: number;
  readonly receivedAt: string;
  /** The SMTP envelope: who the relay was told it is from and to. */
  readonly envelope: { readonly from: string; readonly to: readonly string[] };
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  /** Each header as sent (names in lower case; the first of a repeated header). */
  readonly headers: Readonly<Record<string, string>>;
}

export interface MailSink {
  /** For the backend's SMTP_URL. */
  readonly smtpUrl: string;
  /** The page listing what was received, or null when none was asked for. */
  readonly pageUrl: string | null;
  readonly messages: () => readonly SinkMessage[];
  /** Forgets what was received. */
  readonly clear: () => void;
  readonly close: () => Promise<void>;
}

export interface MailSinkOptions {
  /** 0: any free port. */
  readonly smtpPort?: number;
  /** The page's port (0: any free one), or null for no page. */
  readonly httpPort?: number | null;
}

const HOST = '127.0.0.1';
const KEPT = 200;
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

function headerValue(line: string): string {
  const colon = line.indexOf(':');
  return line
    .slice(colon + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

function listPage(messages: readonly SinkMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (message) =>
        `<li><a href="/messages/${message.id}">${escapeHtml(message.subject || '(no subject)')}</a>` +
        ` to ${escapeHtml(message.envelope.to.join(', '))} <small>${escapeHtml(message.receivedAt)}</small>` +
        `<details><summary>Text</summary><pre>${escapeHtml(message.text)}</pre></details></li>`,
    )
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail sink</title>' +
    '<style>body{font-family:sans-serif;margin:2rem}li{margin:.75rem 0}pre{white-space:pre-wrap}</style>' +
    `</head><body><h1>Sent e-mails (${messages.length})</h1>` +
    (rows === '' ? '<p>None yet.</p>' : `<ol>${rows}</ol>`) +
    '<p>As JSON: <a href="/messages.json">/messages.json</a></p></body></html>'
  );
}

function servePage(messages: () => readonly SinkMessage[]) {
  return http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${HOST}`);
    const found = /^\/messages\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(listPage(messages()));
    } else if (url.pathname === '/messages.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(messages()));
    } else if (found) {
      const message = messages().find((each) => each.id === Number(found[1]));
      if (message === undefined) {
        response.writeHead(404).end('No such message.');
        return;
      }
      // The message's own HTML, sandboxed: no script runs; its links work.
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "sandbox allow-popups allow-top-navigation-by-user-activation; default-src 'none'; style-src 'unsafe-inline'",
      });
      response.end(message.html || `<pre>${escapeHtml(message.text)}</pre>`);
    } else {
      response.writeHead(404).end('Not found.');
    }
  });
}

export async function startMailSink(options: MailSinkOptions = {}): Promise<MailSink> {
  const received: SinkMessage[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    // No TLS (127.0.0.1 only, no certificate) and no sign-in: it takes whatever is sent.
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          const headers: Record<string, string> = {};
          for (const { key, line } of parsed.headerLines) headers[key] ??= headerValue(line);
          received.push({
            id: nextId++,
            receivedAt: new Date().toISOString(),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
            },
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers,
          });
          received.splice(0, Math.max(0, received.length - KEPT));
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  smtp.listen(options.smtpPort ?? 0, HOST);
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const messages = () => [...received];
  const page = options.httpPort === null ? null : servePage(messages);
  if (page !== null) {
    page.listen(options.httpPort ?? 0, HOST);
    await once(page, 'listening');
  }
  const pagePort = page === null ? null : (page.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://${HOST}:${smtpPort}`,
    pageUrl: pagePort === null ? null : `http://${HOST}:${pagePort}/`,
    messages,
    clear: () => {
      received.length = 0;
    },
    close: async () => {
      page?.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(() => resolve())),
        page === null
          ? Promise.resolve()
          : new Promise<void>((resolve) => page.close(() => resolve())),
      ]);
    },
  };
}
