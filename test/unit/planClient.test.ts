import { describe, expect, it, vi } from 'vitest';
import { backendErrorOf, REQUEST_TIME_LIMIT_MS } from '../../src/machines/backendClient';
import { fetchPlan } from '../../src/ui/plan/planClient';
import { NEVER_PAID } from '../support/planFixtures';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function readPlan(answer: () => Promise<Response>, getIdToken = async () => 'id-token') {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(answer);
  const plan = fetchPlan({ baseUrl: 'http://backend.test', getIdToken, fetch });
  return { plan, fetch };
}

async function codeOf(promise: Promise<unknown>) {
  return backendErrorOf(
    await promise.then(
      () => null,
      (error: unknown) => error,
    ),
  ).code;
}

describe('reading the plan', () => {
  it('sends GET /v1/plan with the ID token and a 30 s limit', async () => {
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    const { plan, fetch } = readPlan(async () => json(NEVER_PAID));
    expect(await plan).toEqual(NEVER_PAID);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://backend.test/v1/plan');
    expect(init.headers).toEqual({ Authorization: 'Bearer id-token' });
    expect(timeouts).toHaveBeenCalledWith(REQUEST_TIME_LIMIT_MS);
  });

  it('fails with a catalogue code, whatever went wrong', async () => {
    const answer = (response: Response) => readPlan(async () => response).plan;
    expect(await codeOf(answer(json({ code: 'token-expired', message: 'x' }, 401)))).toBe(
      'token-expired',
    );
    expect(await codeOf(answer(json({ code: 'made-up' }, 500)))).toBe('internal-error');
    expect(await codeOf(answer(new Response('<html>', { status: 200 })))).toBe('internal-error');
    const offline = readPlan(() => Promise.reject(new TypeError('Failed to fetch'))).plan;
    expect(await codeOf(offline)).toBe('network-error');
    const slow = readPlan(() => Promise.reject(new DOMException('late', 'TimeoutError'))).plan;
    expect(await codeOf(slow)).toBe('timed-out');
    const noUser = readPlan(
      async () => json(NEVER_PAID),
      () => Promise.reject(new Error('no user')),
    ).plan;
    expect(await codeOf(noUser)).toBe('session-missing');
  });
});
