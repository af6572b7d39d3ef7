import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endFileContexts, sharedTestChromium } from '../support/browser';
import { trackRequests, waitForQuietNetwork } from './support/pageDriver';

/**
 * Pages of shape only, served here, for the browser tests' wait for a quiet network
 * (support/page/quietNetwork.ts).
 */
const SPIN = 'const end = performance.now() + 2500; while (performance.now() < end);';

/**
 * microsoft/playwright#42598: the network goes quiet while the last script runs (Playwright
 * records `networkidle`), a worker's request starts and ends, then DOMContentLoaded drops the
 * record and nothing ever sets it again.
 */
const LOST_IDLE_PAGE =
  '<!doctype html><title>lost idle</title><p>page</p>' +
  "<script>new Worker('/worker.js')</script><script src='/spin.js'></script>";
const WORKER = "setTimeout(() => fetch('/quick'), 1200)";

const STREAM_PAGE =
  '<!doctype html><title>stream</title>' +
  "<script>fetch('/stream', { headers: { Accept: 'text/event-stream' } })</script>";
const SLOW_PAGE = "<!doctype html><title>slow</title><script>fetch('/slow')</script>";

const answer = (response: ServerResponse, type: string, body: string) => {
  response.setHeader('content-type', type);
  response.end(body);
};

describe('the wait for a quiet network', () => {
  let browser: Browser;
  let server: Server;
  let origin: string;
  const held: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const script = (body: string) => answer(response, 'text/javascript', body);
      if (request.url === '/lost-idle') answer(response, 'text/html', LOST_IDLE_PAGE);
      else if (request.url === '/worker.js') script(WORKER);
      // Served late, so the worker has loaded before the script holds the page.
      else if (request.url === '/spin.js') setTimeout(() => script(SPIN), 300);
      else if (request.url === '/stream-page') answer(response, 'text/html', STREAM_PAGE);
      else if (request.url === '/slow-page') answer(response, 'text/html', SLOW_PAGE);
      else if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(': open\n\n');
        held.push(response);
      } else if (request.url === '/slow') held.push(response);
      else answer(response, 'text/plain', 'ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await sharedTestChromium();
  });

  afterAll(async () => {
    await endFileContexts(browser);
    held.forEach((response) => response.destroy());
    await new Promise((resolve) => server?.close(resolve));
  });

  async function open(path: string): Promise<Page> {
    const page = await browser.newPage();
    trackRequests(page);
    await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded' });
    return page;
  }

  it('ends after a request that Playwright’s own networkidle loses for good', async () => {
    const page = await open('/lost-idle');
    await waitForQuietNetwork(page);
    await page.close();
  });

  it('does not wait for a live stream, which stays open', async () => {
    const page = await open('/stream-page');
    await waitForQuietNetwork(page);
    await page.close();
  });

  it('names the request it still waits on when it gives up', async () => {
    const page = await open('/slow-page');
    await expect(waitForQuietNetwork(page, 1_000)).rejects.toThrow(/GET 127\.0\.0\.1:\d+\/slow/);
    await page.close();
  });
});
