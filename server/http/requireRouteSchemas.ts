import type { FastifyInstance, RouteOptions } from 'fastify';

/** Preflight routes that plugins (CORS) add: they answer with headers only. */
const HEADER_ONLY_METHODS = new Set(['OPTIONS', 'HEAD']);

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** What a route lacks of the schemas every route must declare; empty when it lacks nothing. */
export function missingRouteSchemas(route: RouteOptions): string[] {
  const methods = methodsOf(route).filter((method) => !HEADER_ONLY_METHODS.has(method));
  if (methods.length === 0) return [];
  const schema = route.schema ?? {};
  const missing: string[] = [];
  const statuses = Object.keys(schema.response ?? {});
  if (!statuses.some((status) => /^2(\d\d|xx)$/.test(status))) missing.push('a 2xx response');
  if (route.url.includes(':') && schema.params === undefined) missing.push('params');
  return missing;
}

/**
 * Every route declares the contract's schema for what it answers (and for its path's params), so
 * a route added without them stops the backend at its start rather than drifting from the
 * contract unseen. Register this before any route.
 */
export function requireRouteSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const missing = missingRouteSchemas(route);
    if (missing.length > 0) {
      throw new Error(
        `${methodsOf(route).join(',')} ${route.url} lacks ${missing.join(' and ')} schema`,
      );
    }
  });
}
