import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetMatchesResponse } from '../../contract';
import { createBackendClient } from '../../src/machines/backend/backendClient';
import { askEarly, earlyAnswers } from '../../src/machines/backend/earlyAnswers';

const BASE_URL = 'http://backend.test';
const PERSISTED_TOKEN = 'persisted-id-token';
const EARLY: GetMatchesResponse = { slot: 1, active: true, profileMissing: false, matches: [] };
const ASKED_BY_THE_CLIENT: GetMatchesResponse = { ...EARLY, profileMissing: true };

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The page's early requests (global fetch) and a client whose own requests are counted. */
function pageAskingEarly(early: () => Promise<Response>, clientToken = PERSISTED_TOKEN) {
  const pageFetch = vi.spyOn(globalThis, 'fetch').mockImplementation(early);
  askEarly(BASE_URL, PERSISTED_TOKEN, ['/v1/matches?slot=1']);
  const clientFetch = vi.fn(async () => json(ASKED_BY_THE_CLIENT));
  const client = createBackendClient({
    baseUrl: BASE_URL,
    getIdToken: async () => clientToken,
    fetch: clientFetch,
    early: earlyAnswers,
  });
  return { client, pageFetch, clientFetch };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('answers asked before the app loaded', () => {
  it('are asked with the persisted token in the header, never in the URL', () => {
    const { pageFetch } = pageAskingEarly(async () => json(EARLY));
    const [url, init] = pageFetch.mock.calls[0] ?? [];
    expect(url).toBe(`${BASE_URL}/v1/matches?slot=1`);
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${PERSISTED_TOKEN}`);
  });

  it('answer the client once, for the same path and token; the next call asks afresh', async () => {
    const { client, clientFetch } = pageAskingEarly(async () => json(EARLY));
    expect(await client.getMatches(1)).toEqual(EARLY);
    expect(clientFetch).not.toHaveBeenCalled();
    expect(await client.getMatches(1)).toEqual(ASKED_BY_THE_CLIENT);
    expect(clientFetch).toHaveBeenCalledTimes(1);
  });

  it('are not used for another path', async () => {
    const { client } = pageAskingEarly(async () => json(EARLY));
    expect(await client.getMatches(2)).toEqual(ASKED_BY_THE_CLIENT);
  });

  it('are not used when the session has another token (a new user, or a refreshed token)', async () => {
    const { client, clientFetch } = pageAskingEarly(async () => json(EARLY), 'another-token');
    expect(await client.getMatches(1)).toEqual(ASKED_BY_THE_CLIENT);
    expect(clientFetch).toHaveBeenCalledTimes(1);
  });

  it('that never came (a network failure) are asked for again', async () => {
    const { client, clientFetch } = pageAskingEarly(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await client.getMatches(1)).toEqual(ASKED_BY_THE_CLIENT);
    expect(clientFetch).toHaveBeenCalledTimes(1);
  });

  it('are dropped when not taken within 20 s: the list would be stale', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { client } = pageAskingEarly(async () => json(EARLY));
    vi.setSystemTime(Date.now() + 20_000);
    expect(await client.getMatches(1)).toEqual(ASKED_BY_THE_CLIENT);
  });
});
