import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoardRef } from '../../../server/jobs/jobRecord';
import { BOARD_FETCHERS } from '../../../server/jobs/sources/fetchBoard';
import { fetchJson } from '../../../server/jobs/sources/fetchJson';
import { fetchLeverBoard } from '../../../server/jobs/sources/lever';
import { MAX_VALIDATOR_CHARS, validatorOf } from '../../../server/jobs/sources/validator';
import { startStandIn, type StandIn } from '../../../dev/jobBoards/standInServer';
import { isPollBoardData } from '../../../server/jobs/poll/pollJob';
import { AlertRounds } from '../../../server/jobs/poll/alertRounds';
import type { PollAlerts } from '../../../server/jobs/poll/pollBoard';

let standIn: StandIn;
const options = () => ({ baseUrl: standIn.url, timeoutMs: 5_000 });

/**
 * Boards whose whole answer is one request: they send the last answer's validator (a Lever board
 * when it fits its first page).
 */
const ONE_REQUEST: readonly BoardRef[] = [
  { source: 'greenhouse', token: 'acme' },
  { source: 'lever', token: 'globex' },
  { source: 'ashby', token: 'initech' },
  { source: 'workable', token: 'zego' },
  { source: 'recruitee', token: 'channable' },
];
/** Per-posting boards: a 304 for one request says nothing about the others. */
const MANY_REQUESTS: readonly BoardRef[] = [{ source: 'smartrecruiters', token: 'Vitol' }];

/** The conditional headers of every request made through `fetch` while the spy is on. */
function spyOnConditionalHeaders() {
  const sent: (string | null)[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const headers = new Headers(init?.headers);
    sent.push(headers.get('if-none-match') ?? headers.get('if-modified-since'));
    return realFetch(input, init);
  });
  return sent;
}

beforeAll(async () => {
  standIn = await startStandIn({ publishEveryMs: 0 });
});
afterAll(() => standIn.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('conditional requests', () => {
  it.each(ONE_REQUEST)(
    '$source: asks again with the validator, gets "unchanged", and a change answers in full',
    async (board) => {
      const first = await BOARD_FETCHERS[board.source](board, options());
      if (!first.ok || 'unchanged' in first) throw new Error('expected a full answer');
      expect(first.validator).toMatchObject({ kind: 'etag' });
      const sent = spyOnConditionalHeaders();
      const again = await BOARD_FETCHERS[board.source](board, {
        ...options(),
        validator: first.validator,
      });
      expect(again).toEqual({ ok: true, unchanged: true });
      expect(sent).toEqual([first.validator?.value]);

      const published = standIn.publish(board);
      const changed = await BOARD_FETCHERS[board.source](board, {
        ...options(),
        validator: first.validator,
      });
      if (!changed.ok || 'unchanged' in changed) throw new Error('expected a full answer');
      expect(changed.jobs.map((job) => job.externalId)).toContain(published.id);
      expect(changed.validator?.value).not.toBe(first.validator?.value);
    },
  );

  it.each(MANY_REQUESTS)('$source: never sends a validator', async (board) => {
    const sent = spyOnConditionalHeaders();
    const result = await BOARD_FETCHERS[board.source](board, {
      ...options(),
      validator: { kind: 'etag', value: '"anything"' },
    });
    expect(result).toMatchObject({ ok: true, jobs: expect.any(Array) as unknown });
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((header) => header === null)).toBe(true);
  });

  it('lever: a board of several pages keeps no validator, so its next poll reads it whole', async () => {
    const board: BoardRef = { source: 'lever', token: 'globex' };
    const paged = await fetchLeverBoard(board, { ...options(), pageSize: 2 });
    if (!paged.ok || 'unchanged' in paged) throw new Error('expected a full answer');
    expect(paged.jobs.length).toBeGreaterThan(2);
    expect(paged).not.toHaveProperty('validator');
  });
});

describe('validators from a remote server', () => {
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('keeps an ETag, else Last-Modified, as sent', () => {
    expect(validatorOf(headers({ etag: 'W/"abc"', 'last-modified': 'x' }))).toEqual({
      kind: 'etag',
      value: 'W/"abc"',
    });
    expect(validatorOf(headers({ 'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT' }))).toEqual({
      kind: 'last-modified',
      value: 'Wed, 21 Oct 2026 07:28:00 GMT',
    });
    expect(validatorOf(headers({}))).toBeUndefined();
  });

  it('refuses a huge or odd one', () => {
    const huge = `"${'a'.repeat(MAX_VALIDATOR_CHARS)}"`;
    expect(validatorOf(headers({ etag: huge }))).toBeUndefined();
    expect(
      validatorOf(headers({ etag: huge, 'last-modified': 'Wed, 21 Oct 2026 07:28:00 GMT' })),
    ).toEqual({ kind: 'last-modified', value: 'Wed, 21 Oct 2026 07:28:00 GMT' });
    expect(validatorOf(headers({ etag: '"caf\u00e9"' }))).toBeUndefined();
    expect(validatorOf(headers({ etag: '   ' }))).toBeUndefined();
  });

  it('a poll job keeps a validator only if it is one', () => {
    const data = { source: 'ashby', token: 'initech', failures: 0, lastChangeAt: 1 };
    expect(isPollBoardData({ ...data, validator: { kind: 'etag', value: '"v1"' } })).toBe(true);
    expect(isPollBoardData(data)).toBe(true);
    expect(
      isPollBoardData({ ...data, validator: { kind: 'etag', value: 'x'.repeat(10_000) } }),
    ).toBe(false);
    expect(isPollBoardData({ ...data, validator: { kind: 'cookie', value: 'v' } })).toBe(false);
  });

  describe('over HTTP', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      server = createServer((_request, response) => {
        response.writeHead(200, {
          'content-type': 'application/json',
          etag: `"${'e'.repeat(600)}"`,
        });
        response.end('{"jobs":[]}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/board`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('an answer with an ETag over the cap is read, and its ETag is not kept', async () => {
      const answer = await fetchJson(url, AbortSignal.timeout(2_000), 2_000);
      expect(answer).toEqual({ ok: true, body: { jobs: [] } });
    });
  });
});

describe('alert rounds after polls', () => {
  const counting = (answers: PollAlerts[]) => {
    const calls = { count: 0 };
    const rounds = new AlertRounds(() => {
      calls.count += 1;
      return Promise.resolve(answers.shift() ?? { jobs: 0, created: 0, users: 0 });
    });
    return { calls, rounds };
  };

  it('an unchanged answer makes no alerts once a round went through', async () => {
    const { calls, rounds } = counting([]);
    await rounds.afterPoll({ notModified: false });
    expect(calls.count).toBe(1);
    expect(await rounds.afterPoll({ notModified: true })).toBeNull();
    expect(calls.count).toBe(1);
  });

  it('after a failed round, even unchanged answers retry until one goes through', async () => {
    const { calls, rounds } = counting([{ failed: 'database down' }]);
    await rounds.afterPoll({ notModified: false });
    await rounds.afterPoll({ notModified: true });
    expect(calls.count).toBe(2);
    await rounds.afterPoll({ notModified: true });
    expect(calls.count).toBe(2);
  });

  it('a full batch leaves postings waiting: the next unchanged answer makes their alerts', async () => {
    const { calls, rounds } = counting([{ jobs: 200, created: 3, users: 1 }]);
    await rounds.afterPoll({ notModified: false });
    await rounds.afterPoll({ notModified: true });
    expect(calls.count).toBe(2);
  });

  it('runs a round on the first poll of the process, which may inherit waiting postings', async () => {
    const { calls, rounds } = counting([]);
    await rounds.afterPoll({ notModified: true });
    expect(calls.count).toBe(1);
  });

  it('a round that fails while another runs is retried, whatever the other says', async () => {
    let finishSlow: (alerts: PollAlerts) => void = () => undefined;
    const answers: Promise<PollAlerts>[] = [
      new Promise((resolve) => (finishSlow = resolve)),
      Promise.resolve({ failed: 'serialization failure' }),
    ];
    let calls = 0;
    const rounds = new AlertRounds(() => {
      calls += 1;
      return answers.shift() ?? Promise.resolve({ jobs: 0, created: 0, users: 0 });
    });
    const slow = rounds.afterPoll({ notModified: false });
    await rounds.afterPoll({ notModified: false });
    finishSlow({ jobs: 0, created: 0, users: 0 });
    await slow;
    await rounds.afterPoll({ notModified: true });
    expect(calls).toBe(3);
  });
});
