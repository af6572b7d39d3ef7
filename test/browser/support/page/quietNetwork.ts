/**
 * A page's requests, counted from the moment it opens, and the wait for them to be over.
 *
 * Playwright's own `networkidle` is not used: its bookkeeping loses the event for good when a
 * request starts and ends after it fired but before DOMContentLoaded (microsoft/playwright#42598,
 * closed unfixed: the API is discouraged). A worker's request during a long first script does
 * that, and the app's service worker answers the requests of a reloaded page.
 */
import type { Page, Request } from 'playwright-core';

/** How long no request may start or end before the network counts as quiet (Playwright's own). */
const QUIET_MS = 500;
const TIMEOUT_MS = 15_000;
const POLL_MS = 50;

interface PageRequests {
  readonly inFlight: Map<Request, number>;
  lastChange: number;
}

const tracked = new WeakMap<Page, PageRequests>();

/** A live alert stream stays open as long as its page: not a request to wait for. */
const isStream = (request: Request): boolean =>
  request.resourceType() === 'eventsource' ||
  (request.headers()['accept'] ?? '').includes('text/event-stream');

/**
 * Counts `page`'s requests (its frames' and its workers', not its service worker's) from now on.
 * Call it before the page loads anything: a request already under way is not seen.
 */
export function trackRequests(page: Page): void {
  if (tracked.has(page)) return;
  const requests: PageRequests = { inFlight: new Map(), lastChange: Date.now() };
  tracked.set(page, requests);
  page.on('request', (request) => {
    if (isStream(request)) return;
    requests.inFlight.set(request, Date.now());
    requests.lastChange = Date.now();
  });
  const ended = (request: Request) => {
    if (requests.inFlight.delete(request)) requests.lastChange = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

function requestsOf(page: Page): PageRequests {
  const requests = tracked.get(page);
  if (requests === undefined)
    throw new Error('The page was not opened with trackRequests: its requests are not counted.');
  return requests;
}

/**
 * The page's requests not yet ended, each as its method, host, path and age: what a wait for a
 * quiet network was waiting on. Paths only: queries can hold codes.
 */
export function requestsInFlight(page: Page): string[] {
  return [...requestsOf(page).inFlight].map(([request, at]) => {
    const { pathname, host } = new URL(request.url());
    return `${request.method()} ${host}${pathname} (${((Date.now() - at) / 1000).toFixed(1)} s)`;
  });
}

/**
 * The page has loaded and none of its requests (but a live stream) started or ended for 500 ms.
 * Throws after `timeoutMs`, naming the requests still in flight.
 */
export async function waitForQuietNetwork(page: Page, timeoutMs = TIMEOUT_MS): Promise<void> {
  const requests = requestsOf(page);
  const deadline = Date.now() + timeoutMs;
  await page.waitForLoadState('load', { timeout: timeoutMs });
  while (requests.inFlight.size > 0 || Date.now() - requests.lastChange < QUIET_MS) {
    if (Date.now() > deadline)
      throw new Error(
        `The network did not go quiet within ${timeoutMs / 1000} s. Requests in flight: ` +
          (requestsInFlight(page).join('; ') || 'none'),
      );
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
