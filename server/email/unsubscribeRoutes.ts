import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database';
import { unsubscribe } from './emailSettingsStore';
import { confirmPage, invalidLinkPage, unsubscribedPage } from './unsubscribePages';
import { UNSUBSCRIBE_PATH, uidOfUnsubscribeToken } from './unsubscribeToken';

/** A form post or RFC 8058's `List-Unsubscribe=One-Click`: tiny; the token is in the URL. */
const FORM_BODY_LIMIT = 4 * 1024;

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // The token is in this page's URL: no referrer, no framing, no other origin, no script.
  'referrer-policy': 'no-referrer',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-robots-tag': 'noindex',
};

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).headers(PAGE_HEADERS).send(html);
}

function tokenOf(query: unknown): string {
  const token = (query as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : '';
}

/**
 * `GET /v1/email/unsubscribe?token=…` shows a page with a button; `POST` (the button, or a mail
 * client's one-click unsubscribe) turns alert e-mails off. No sign-in: the signed token names the
 * user and allows nothing but this. A missing, malformed or forged token gets a page that says so.
 */
export function registerUnsubscribeRoutes(
  app: FastifyInstance,
  db: Database,
  tokenSecret: string,
): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // The body says nothing we need (the token is in the URL); it is read and dropped.
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
      scope.addContentTypeParser(
        type,
        { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
        (_request, _body, done) => done(null, null),
      );
    }

    scope.get(UNSUBSCRIBE_PATH, async (request, reply) => {
      const token = tokenOf(request.query);
      if (uidOfUnsubscribeToken(tokenSecret, token) === null) {
        request.log.info({ reason: 'token-invalid' }, 'unsubscribe link refused');
        return sendPage(reply, 400, invalidLinkPage());
      }
      return sendPage(reply, 200, confirmPage(token));
    });

    scope.post(UNSUBSCRIBE_PATH, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
      const uid = uidOfUnsubscribeToken(tokenSecret, tokenOf(request.query));
      if (uid === null) {
        request.log.info({ reason: 'token-invalid' }, 'unsubscribe link refused');
        return sendPage(reply, 400, invalidLinkPage());
      }
      await unsubscribe(db, uid);
      request.log.info({ uid }, 'alert e-mails unsubscribed');
      return sendPage(reply, 200, unsubscribedPage());
    });
  });
}
