import type { FastifyInstance } from 'fastify';
import { API_ERRORS, type ApiErrorCode } from '../../contract';
import { apiErrorBody } from '../apiFailure';

/** The catalogue code for a plain-text refusal a plugin answered itself, by its status. */
const CODES_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'invalid-request',
  404: 'not-found',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
};

function codeForStatus(status: number): ApiErrorCode {
  return CODES_BY_STATUS[status] ?? (status < 500 ? 'invalid-request' : 'internal-error');
}

/**
 * Headers on every answer: no content sniffing; nothing stored by a browser or a proxy unless the
 * route says otherwise (answers behind a token carry personal data). A plain-text error a plugin
 * sent itself (CORS refuses a preflight without an Origin so) becomes `{ code, message }`.
 */
export function registerResponseHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    const type = String(reply.getHeader('content-type') ?? '');
    if (reply.statusCode < 400 || !type.startsWith('text/plain')) return payload;
    const code = codeForStatus(reply.statusCode);
    reply.status(API_ERRORS[code].status).type('application/json; charset=utf-8');
    return JSON.stringify(apiErrorBody(code));
  });
}
