import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheck } from '../../../scripts/boards';
import { classifyProbe } from '../../../server/jobs/boards/checkBoards';
import type { DefaultBoard } from '../../../server/jobs/boards/defaultBoards';
import { BASE_URL_SETTINGS } from '../../../server/jobs/settings';
import { JOB_SOURCES } from '../../../server/jobs/jobRecord';
import { parseGreenhouseBoard } from '../../../server/jobs/sources/greenhouse';
import { DEFAULT_FIXTURES_DIRECTORY } from '../../../dev/jobBoards/standInServer';

/** A recorded live Greenhouse answer (fictional board, the API's real shape). */
const LIVE = readFileSync(path.join(DEFAULT_FIXTURES_DIRECTORY, 'greenhouse', 'acme.json'), 'utf8');
/** What Greenhouse answers for a board with no open posting. */
const EMPTY = '{"jobs":[],"meta":{"total":0}}';
/** What Greenhouse answers, with status 404, for a token that names no board. */
const NOT_FOUND = '{"status":404,"error":"Job not found"}';

const acme = { source: 'greenhouse', token: 'acme' } as const;
const seenAt = new Date('2026-11-26T12:00:00.000Z');

describe('classifyProbe', () => {
  it('calls a board with postings live, and one answering none empty', () => {
    expect(classifyProbe(parseGreenhouseBoard(JSON.parse(LIVE), acme, seenAt))).toEqual({
      verdict: 'live',
      detail: '3 postings',
      connected: true,
    });
    expect(classifyProbe(parseGreenhouseBoard(JSON.parse(EMPTY), acme, seenAt)).verdict).toBe(
      'empty',
    );
  });

  it('calls 404 and 410 gone, no connection or no answer in time unreachable', () => {
    const failed = (failure: Parameters<typeof classifyProbe>[0] & { ok: false }) =>
      classifyProbe(failure);
    expect(failed({ ok: false, failure: { kind: 'not-found', status: 404 } }).verdict).toBe('gone');
    expect(failed({ ok: false, failure: { kind: 'http-error', status: 410 } }).verdict).toBe(
      'gone',
    );
    expect(failed({ ok: false, failure: { kind: 'timeout', afterMs: 500 } })).toEqual({
      verdict: 'unreachable',
      detail: 'no answer in 500 ms',
      connected: false,
    });
    expect(
      failed({ ok: false, failure: { kind: 'network', detail: 'fetch failed: ECONNREFUSED' } })
        .verdict,
    ).toBe('unreachable');
  });

  it('does not call a board dead on a 429, a 5xx or an answer it cannot read', () => {
    for (const failure of [
      { kind: 'rate-limited', status: 429, retryAfterMs: null },
      { kind: 'server-error', status: 503 },
      { kind: 'http-error', status: 403 },
      { kind: 'malformed', detail: 'not JSON' },
    ] as const) {
      expect(classifyProbe({ ok: false, failure }).verdict).toBe('unsure');
    }
  });
});

describe('npm run boards -- check', () => {
  let server: Server;
  let url: string;
  let closedUrl: string;
  const hanging: ServerResponse[] = [];
  const directory = mkdtempSync(path.join(tmpdir(), 'boards-check-'));

  const listFile = (boards: Partial<DefaultBoard>[]) => {
    const file = path.join(directory, `${boards.map((board) => board.token).join('-')}.json`);
    const full = boards.map((board) => ({ company: 'X', website: '', origin: 'test', ...board }));
    writeFileSync(file, JSON.stringify(full));
    return file;
  };
  const envFor = (baseUrl: string) =>
    Object.fromEntries(JOB_SOURCES.map((source) => [BASE_URL_SETTINGS[source], baseUrl]));
  const run = async (args: string[], baseUrl: string) => {
    const lines: string[] = [];
    const code = await runCheck(args, envFor(baseUrl), (line) => lines.push(line));
    return { code, output: lines.join('\n') };
  };

  beforeAll(async () => {
    // A stand-in answering at Greenhouse's path as the real API does for each kind of board.
    server = createServer((request, response) => {
      const token = /^\/v1\/boards\/([^/]+)\/jobs/.exec(request.url ?? '')?.[1];
      const send = (status: number, body: string) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      if (token === 'acme') send(200, LIVE);
      else if (token === 'quiet') send(200, EMPTY);
      else if (token === 'retired') send(410, '{}');
      else if (token === 'slow') hanging.push(response);
      else send(404, NOT_FOUND);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A port that was free a moment ago: nothing listens there, so connections are refused.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
  });
  afterAll(async () => {
    for (const response of hanging) response.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reports the dead boards, each with why, and a summary per API', async () => {
    const file = listFile([
      { source: 'greenhouse', token: 'acme', company: 'Acme Robotics' },
      { source: 'greenhouse', token: 'quiet' },
      { source: 'greenhouse', token: 'retired' },
      { source: 'greenhouse', token: 'slow' },
      { source: 'greenhouse', token: 'nobody' },
    ]);
    const { code, output } = await run(['--file', file, '--timeout', '1'], url);
    expect(code).toBe(1);
    expect(output).toMatch(/^empty +greenhouse:quiet \(X\): 0 postings$/m);
    expect(output).toMatch(/^gone +greenhouse:nobody \(X\): 404$/m);
    expect(output).toMatch(/^gone +greenhouse:retired \(X\): 410$/m);
    expect(output).toMatch(/^unreachable +greenhouse:slow \(X\): no answer in 1000 ms$/m);
    expect(output).not.toMatch(/greenhouse:acme/);
    expect(output).toMatch(/^greenhouse +5 +1 +1 +2 +1 +0$/m);
    expect(output).toMatch(/4 of 5 boards look dead/);
    expect(output).not.toMatch(/offline/);
  });

  it('exits 0 when every board is live', async () => {
    const file = listFile([{ source: 'greenhouse', token: 'acme' }]);
    const { code, output } = await run(['--file', file, '--concurrency', '1'], url);
    expect(code).toBe(0);
    expect(output).toMatch(/0 of 1 boards look dead/);
  });

  it('says the machine looks offline when no probe reaches its host', async () => {
    const file = listFile([
      { source: 'greenhouse', token: 'acme' },
      { source: 'lever', token: 'globex' },
    ]);
    const { code, output } = await run(['--file', file, '--timeout', '2'], closedUrl);
    expect(code).toBe(1);
    expect(output).toMatch(/^unreachable +lever:globex \(X\): /m);
    expect(output).toMatch(/No probe reached its host: this machine looks offline/);
  });

  it('stops probing an API whose first probes all failed to connect', async () => {
    const tokens = Array.from({ length: 11 }, (_, index) => `board${index}`);
    const file = listFile(tokens.map((token) => ({ source: 'greenhouse', token })));
    const { output } = await run(['--file', file, '--concurrency', '1'], closedUrl);
    const notProbed = output.match(/not probed: the first 8 greenhouse probes reached no host/g);
    expect(notProbed).toHaveLength(3);
    expect(output).toMatch(/^greenhouse +11 +0 +0 +0 +11 +0$/m);
  });
});
