import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiFailure } from '../apiFailure';

export interface AddressLimitSettings {
  /** Refused tokens an address may send in a window before it is refused outright. */
  max: number;
  timeWindowMs: number;
}

/**
 * The limit before sign-in: tokens refused (missing, malformed, forged, expired, of a user gone)
 * are counted per client address (IPv6 per /64, as the per-user limit counts addresses). An
 * address that reached `max` in the window gets 429 for every request, before its token is read,
 * until the window ends: a flood of bad tokens costs one counter read each and no verification.
 * Verified requests are not counted here (the per-user limit counts them), so people behind one
 * address are not limited by each other's traffic, only by its refused tokens.
 * Registers the check on every request; answers the counter the authentication hook calls.
 */
export function limitRefusedTokens(
  app: FastifyInstance,
  settings: AddressLimitSettings,
): (request: FastifyRequest) => Promise<void> {
  const refusals = app.createRateLimit({
    max: settings.max,
    timeWindow: settings.timeWindowMs,
    keyGenerator: (request) => `refused:${normalizeIP(request.ip)}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const state = await refusals(request, { increment: false });
    if (state.isAllowed || state.remaining > 0) return;
    reply.header('retry-after', Math.max(1, state.ttlInSeconds));
    throw new ApiFailure('rate-limited');
  });
  return async (request) => {
    await refusals(request);
  };
}
