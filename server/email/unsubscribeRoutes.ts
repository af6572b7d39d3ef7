import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RoutePlugin } from '../routeDependencies';
import { isUnsubscribed, resubscribe, unsubscribe } from './emailSettingsStore';
import {
  confirmPage,
  invalidLinkPage,
  resubscribedPage,
  unsubscribedPage,
} from './unsubscribePages';
import { RESUBSCRIBE_PATH, UNSUBSCRIBE_PATH, uidOfUnsubscribeToken } from './unsubscribeToken';

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

/**
 * The answers are HTML pages for a person who opened an e-mail's link, not JSON from the contract:
 * their schema names the media type only (Fastify sends a string with its own content type as it
 * is, unserialised).
 */
const PAGE_ANSWER = { content: { 'text/html': { schema: { type: 'string' } } } } as const;
const schema = { response: { 200: PAGE_ANSWER, 400: PAGE_ANSWER } };

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).headers(PAGE_HEADERS).send(html);
}

function tokenOf(query: unknown): string {
  const token = (query as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : '';
}

/**
 * The alert e-mails' unsubscribe link, no sign-in needed: the signed token names the user and
 * allows nothing but this user's alert e-mail setting. `GET /v1/email/unsubscribe?token=…` changes
 * nothing: it shows a button to unsubscribe, or, when already unsubscribed, one to resubscribe.
 * `POST` (the button, or a mail client's one-click unsubscribe) turns alert e-mails off;
 * `POST /v1/email/resubscribe?token=…` (the unsubscribed page's button) turns them on again. A
 * missing, malformed or forged token gets a page that says so and changes nothing.
 */
export const unsubscribeRoutes: RoutePlugin<{ tokenSecret: string }> = async (
  app,
  { deps, tokenSecret },
) => {
  const { db } = deps;
  /** The link's token and the uid it names, or null after answering the refusal page. */
  const linkOrRefuse = (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request.query);
    const uid = uidOfUnsubscribeToken(tokenSecret, token);
    if (uid !== null) return { uid, token };
    request.log.info({ reason: 'token-invalid' }, 'unsubscribe link refused');
    void sendPage(reply, 400, invalidLinkPage());
    return null;
  };

  app.removeAllContentTypeParsers();
  // The body says nothing we need (the token is in the URL); it is read and dropped.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT },
      (_request, _body, done) => done(null, null),
    );
  }

  // A link opened again (or a reload) shows where the setting stands, and changes nothing.
  const showSetting = async (request: FastifyRequest, reply: FastifyReply) => {
    const link = linkOrRefuse(request, reply);
    if (link === null) return reply;
    const { uid, token } = link;
    const page = (await isUnsubscribed(db, uid)) ? unsubscribedPage(token) : confirmPage(token);
    return sendPage(reply, 200, page);
  };
  app.get(UNSUBSCRIBE_PATH, { schema }, showSetting);
  app.get(RESUBSCRIBE_PATH, { schema }, showSetting);

  app.post(UNSUBSCRIBE_PATH, { bodyLimit: FORM_BODY_LIMIT, schema }, async (request, reply) => {
    const link = linkOrRefuse(request, reply);
    if (link === null) return reply;
    await unsubscribe(db, link.uid);
    request.log.info({ uid: link.uid }, 'alert e-mails unsubscribed');
    return sendPage(reply, 200, unsubscribedPage(link.token));
  });

  app.post(RESUBSCRIBE_PATH, { bodyLimit: FORM_BODY_LIMIT, schema }, async (request, reply) => {
    const link = linkOrRefuse(request, reply);
    if (link === null) return reply;
    const wasOff = await resubscribe(db, link.uid);
    request.log.info({ uid: link.uid, changed: wasOff }, 'alert e-mails resubscribed');
    return sendPage(reply, 200, resubscribedPage(link.token, wasOff));
  });
};
