import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJson } from '../../../server/jobs/sources/fetchJson';
import { BODY_LIMITS, readJsonBody } from '../../../server/jobs/sources/readJsonBody';

/** A body that arrives in `size`-byte chunks, as a large answer does from the network. */
function chunked(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.subarray(at, (at += size)));
    },
  });
}

/** A Greenhouse-shaped board with awkward values: escapes, non-ASCII across chunk edges, numbers. */
const board = {
  jobs: Array.from({ length: 300 }, (_, index) => ({
    id: 4_000_000_000 + index,
    title: `Ingénieur·e logiciel ${index} — 東京 🚀`,
    content: '&lt;p&gt;Quotes " and \\ backslashes\nand a tab\t&lt;/p&gt;',
    location: { name: index % 2 === 0 ? 'Remote' : null },
    metadata: [{ name: 'Min salary', value: 120_000.5 }, { value: -1e-7 }],
    remote: index % 3 === 0,
    offices: [],
  })),
  meta: { total: 300 },
};
const text = JSON.stringify(board);
const limits = { maxBytes: 10 * 1024 * 1024, streamFromBytes: 1024 };

describe('readJsonBody', () => {
  it('parses a large answer arriving in odd-sized chunks to what JSON.parse gives', async () => {
    expect(text.length).toBeGreaterThan(50 * limits.streamFromBytes);
    const answer = await readJsonBody(chunked(`\n${text}\n`, 997), limits);
    expect(answer).toEqual({ ok: true, value: JSON.parse(text) as unknown });
  });

  it('parses a small answer whole, to the same value', async () => {
    const small = JSON.stringify(board.jobs[0]);
    expect(await readJsonBody(chunked(small, 7), limits)).toEqual({
      ok: true,
      value: JSON.parse(small) as unknown,
    });
  });

  it.each([
    ['cut off', text.slice(0, text.length - 40)],
    ['a broken token mid-stream', `${text.slice(0, 30_000)}tru${text.slice(30_000)}`],
    ['trailing data after the value', `${text} {"jobs": []}`],
    ['empty', ''],
  ])('a %s answer is malformed', async (_, body) => {
    expect(await readJsonBody(chunked(body, 4096), limits)).toMatchObject({
      ok: false,
      failure: { kind: 'malformed' },
    });
  });

  it('stops reading an answer over the size cap and calls it malformed', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode(pulled === 1 ? '{"jobs":[' : '1,'.repeat(512)));
      },
    });
    const answer = await readJsonBody(endless, { maxBytes: 100_000, streamFromBytes: 1024 });
    expect(answer).toMatchObject({
      ok: false,
      failure: { kind: 'malformed', detail: 'body over 100000 bytes' },
    });
    expect(pulled).toBeLessThan(200);
  });
});

describe('fetchJson reading a body that stops mid-stream', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    // Sends more of a big board than is ever read whole, then nothing until the client gives up.
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write(`{"jobs":[${'{"id":1,"title":"x"},'.repeat(80_000)}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/board`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('answers a timeout when the time limit ends while the body streams', async () => {
    expect(80_000 * 21).toBeGreaterThan(BODY_LIMITS.streamFromBytes);
    const answer = await fetchJson(url, AbortSignal.timeout(400), 400);
    expect(answer).toEqual({ ok: false, failure: { kind: 'timeout', afterMs: 400 } });
  });
});
