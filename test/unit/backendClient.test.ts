import { describe, expect, it, vi } from 'vitest';
import type { AlertProfileInput } from '../../contract';
import { createBackendClient } from '../../src/machines/backend/backendClient';
import {
  REQUEST_TIME_LIMIT_MS,
  UPLOAD_TIME_LIMIT_MS,
} from '../../src/machines/backend/requestLimits';
import { backendErrorOf, BackendFailure } from '../../src/machines/backend/backendErrors';
import { NEVER_PAID } from '../support/planFixtures';

const TOKEN = 'secret-id-token';

function clientAnswering(answer: (url: string, init: RequestInit) => Promise<Response>) {
  const fetch = vi.fn(answer);
  const timeouts = vi.spyOn(AbortSignal, 'timeout');
  const client = createBackendClient({
    baseUrl: 'http://backend.test',
    getIdToken: async () => TOKEN,
    fetch,
  });
  return { client, fetch, timeouts };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const input: AlertProfileInput = {
  targetRoles: ['QA engineer'],
  skills: [],
  where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
  seniority: 'mid',
  minSalary: null,
  needsVisaSponsorship: false,
};

async function failureOf(promise: Promise<unknown>) {
  return backendErrorOf(
    await promise.then(
      () => null,
      (error: unknown) => error,
    ),
  );
}

describe('the backend client', () => {
  it('sends the ID token in the Authorization header only, with a 30 s limit', async () => {
    const { client, fetch, timeouts } = clientAnswering(async () =>
      json({ profile: null, cv: null }),
    );
    expect(await client.getProfile()).toEqual({ profile: null, cv: null });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://backend.test/v1/profile');
    expect(url).not.toContain(TOKEN);
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(timeouts).toHaveBeenCalledWith(REQUEST_TIME_LIMIT_MS);
  });

  it('reads the plan with GET /v1/plan', async () => {
    const { client, fetch } = clientAnswering(async () => json(NEVER_PAID));
    expect(await client.getPlan()).toEqual(NEVER_PAID);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://backend.test/v1/plan');
    expect(init?.method).toBe('GET');
  });

  it('reads the matches with GET /v1/matches', async () => {
    const { client, fetch } = clientAnswering(async () =>
      json({ profileMissing: true, matches: [] }),
    );
    expect(await client.getMatches()).toEqual({ profileMissing: true, matches: [] });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://backend.test/v1/matches');
    expect(init?.method).toBe('GET');
  });

  it('reads and puts match actions by job id, naming the slot', async () => {
    const answer = { slot: 2, actions: [], suggestions: [], limit: 2000 };
    const { client, fetch } = clientAnswering(async () => json(answer));
    expect(await client.getMatchActions(2)).toEqual(answer);
    const action = { saved: true, appliedOn: '2026-11-20', hidden: null };
    expect(await client.putMatchAction(42, action, 2)).toEqual(answer);
    const [get, put] = fetch.mock.calls;
    expect([get?.[0], get?.[1].method]).toEqual([
      'http://backend.test/v1/matches/actions?slot=2',
      'GET',
    ]);
    expect([put?.[0], put?.[1].method]).toEqual([
      'http://backend.test/v1/matches/42/action?slot=2',
      'PUT',
    ]);
    expect(JSON.parse(String(put?.[1].body))).toEqual(action);
  });

  it('hides a company and dismisses a suggestion for the slot, one call each', async () => {
    const answer = { slot: 2, actions: [], suggestions: [], hiddenCompanies: [], limit: 2000 };
    const { client, fetch } = clientAnswering(async () => json(answer));
    await client.putHiddenCompany({ company: 'Acme', hidden: true }, 2);
    const suggestion = { kind: 'profile-field', field: 'places', hides: 2 } as const;
    await client.dismissSuggestion(suggestion, 2);
    const [hide, dismiss] = fetch.mock.calls;
    expect([hide?.[0], hide?.[1].method, JSON.parse(String(hide?.[1].body))]).toEqual([
      'http://backend.test/v1/matches/companies?slot=2',
      'PUT',
      { company: 'Acme', hidden: true },
    ]);
    expect([dismiss?.[0], dismiss?.[1].method, JSON.parse(String(dismiss?.[1].body))]).toEqual([
      'http://backend.test/v1/matches/suggestions/dismiss?slot=2',
      'POST',
      suggestion,
    ]);
  });

  it('puts the profile as JSON and the CV as a multipart `file` with a 60 s limit', async () => {
    const { client, fetch, timeouts } = clientAnswering(async (url) =>
      url.endsWith('/cv') ? json({ cv: null, suggestedSkills: [] }) : json({ profile: input }),
    );
    await client.putProfile(input);
    const [, profileInit] = fetch.mock.calls[0] ?? [];
    expect(profileInit?.method).toBe('PUT');
    expect(new Headers(profileInit?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(profileInit?.body))).toEqual(input);

    const file = new File(['text'], 'cv.txt', { type: 'text/plain' });
    await client.putCv(file);
    const [cvUrl, cvInit] = fetch.mock.calls[1] ?? [];
    expect(cvUrl).toBe('http://backend.test/v1/profile/cv');
    expect((cvInit?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(timeouts).toHaveBeenLastCalledWith(UPLOAD_TIME_LIMIT_MS);
  });

  it('names the slot in the query of every profile, CV and matches call that has one', async () => {
    const { client, fetch } = clientAnswering(async (url, init) =>
      url.includes('/cv') && init.method === 'PUT'
        ? json({ cv: null, suggestedSkills: [] })
        : json({ deleted: true }),
    );
    await client.getProfile(2);
    await client.putProfile(input, 3);
    await client.deleteProfile(2);
    await client.putCv(new File(['text'], 'cv.txt', { type: 'text/plain' }), 3);
    await client.deleteCv(2);
    await client.getMatches(3);
    await client.listProfiles();
    expect(fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      'GET http://backend.test/v1/profile?slot=2',
      'PUT http://backend.test/v1/profile?slot=3',
      'DELETE http://backend.test/v1/profile?slot=2',
      'PUT http://backend.test/v1/profile/cv?slot=3',
      'DELETE http://backend.test/v1/profile/cv?slot=2',
      'GET http://backend.test/v1/matches?slot=3',
      'GET http://backend.test/v1/profiles',
    ]);
  });

  it('shows the catalogue’s message when a slot is above the plan’s limit', async () => {
    const { client } = clientAnswering(async () =>
      json({ code: 'plan-profile-limit', message: 'from the server' }, 403),
    );
    expect(await failureOf(client.putProfile(input, 2))).toEqual({
      code: 'plan-profile-limit',
      message: 'The Free plan has one alert profile and one CV. Get Pro for three of each.',
    });
  });

  it('maps an error answer to the catalogue’s code and message, not the body’s text', async () => {
    const { client } = clientAnswering(async () =>
      json({ code: 'cv-too-large', message: 'anything the server said' }, 413),
    );
    expect(await failureOf(client.putCv(new File(['x'], 'cv.pdf')))).toEqual({
      code: 'cv-too-large',
      message: 'Your CV is larger than 5 MB. Please upload a smaller file.',
    });
  });

  it('calls an unknown or unreadable error answer an internal error', async () => {
    const { client } = clientAnswering(async () => new Response('<html>', { status: 502 }));
    expect((await failureOf(client.deleteCv())).code).toBe('internal-error');
  });

  it('names a network failure and a timeout in words of their own', async () => {
    const offline = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const network = await failureOf(offline.client.getProfile());
    expect(network.code).toBe('network-error');
    expect(network.message).toMatch(/could not reach ApplyFirst/);

    const slow = clientAnswering(async () => {
      throw new DOMException('The operation timed out.', 'TimeoutError');
    });
    const timeout = await failureOf(slow.client.getProfile());
    expect(timeout.code).toBe('timed-out');
    expect(timeout.message).toMatch(/took too long/);
  });

  it('says the session is not ready when there is no ID token, and calls nothing', async () => {
    const fetch = vi.fn();
    const client = createBackendClient({
      baseUrl: 'http://backend.test',
      getIdToken: () => Promise.reject(new Error('no user')),
      fetch,
    });
    const error = await client.getProfile().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(BackendFailure);
    expect((error as BackendFailure).code).toBe('session-missing');
    expect(fetch).not.toHaveBeenCalled();
  });
});
