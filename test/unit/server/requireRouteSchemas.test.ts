import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireRouteSchemas } from '../../../server/http/requireRouteSchemas';

const okAnswer = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };

function guardedApp() {
  const app = Fastify();
  requireRouteSchemas(app);
  return app;
}

describe('every route declares its schemas', () => {
  it('accepts a route with a response schema, and params for a path with them', async () => {
    const app = guardedApp();
    app.get('/v1/things', { schema: { response: okAnswer } }, async () => ({ ok: true }));
    app.delete(
      '/v1/things/:id',
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'string' } } },
          response: okAnswer,
        },
      },
      async () => ({ ok: true }),
    );
    await expect(app.ready()).resolves.toBeDefined();
    expect((await app.inject({ method: 'GET', url: '/v1/things' })).json()).toEqual({ ok: true });
    await app.close();
  });

  it('refuses a route that declares no 2xx answer', () => {
    const app = guardedApp();
    expect(() => app.get('/v1/things', async () => ({ ok: true }))).toThrow(
      'GET /v1/things lacks a 2xx response schema',
    );
    expect(() =>
      app.get('/v1/other', { schema: { response: { 400: okAnswer[200] } } }, async () => ({})),
    ).toThrow(/a 2xx response/);
  });

  it('refuses a path with params that declares none', () => {
    const app = guardedApp();
    expect(() =>
      app.delete('/v1/things/:id', { schema: { response: okAnswer } }, async () => ({ ok: true })),
    ).toThrow('DELETE /v1/things/:id lacks params schema');
  });

  it('refuses a route added inside a plugin when the app starts', async () => {
    const app = guardedApp();
    void app.register(async (scope) => {
      scope.post('/v1/things', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow('POST /v1/things lacks a 2xx response schema');
  });
});
