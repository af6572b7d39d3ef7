/**
 * The driver's hand on the network between the app, the Auth Emulator and the backend: requests
 * held until released, dropped or refused, and connections refused.
 */
import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import { inject } from 'vitest';
import { API_ERRORS, type ApiErrorCode } from '../../../../contract';
import { emulatorUrl } from '../../../support/emulatorAdmin';

/**
 * What the session's operations call, by path suffix: Identity Toolkit endpoints on the Auth
 * Emulator, and the product backend's `v1/account` (deletion) and `v1/carry-over`.
 */
export type Endpoint =
  | 'account'
  | 'carry-over'
  | 'accounts:signUp'
  | 'accounts:signInWithPassword'
  | 'accounts:signInWithIdp'
  | 'accounts:signInWithEmailLink'
  | 'accounts:sendOobCode'
  | 'accounts:resetPassword'
  | 'accounts:update'
  | 'accounts:lookup'
  | 'accounts:delete';

/**
 * How a held request ends: it goes through, the network drops it, or the server refuses it (the
 * Identity Toolkit with `serverError`, the backend with `apiError`).
 */
export type Release = 'continue' | 'abort' | { serverError: string } | { apiError: ApiErrorCode };

function endpointPattern(endpoint: Endpoint): RegExp {
  return new RegExp(`/${endpoint}\\b`);
}

/** A JSON answer the app's CORS request accepts. */
async function answerJson(route: Route, status: number, body: unknown): Promise<void> {
  await route.fulfill({
    status,
    headers: {
      'access-control-allow-origin': route.request().headers().origin ?? '*',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

/** The backend's answer to a refused request: its status and `{ code, message }`. */
function refuseAsBackend(route: Route, code: ApiErrorCode): Promise<void> {
  return answerJson(route, API_ERRORS[code].status, { code, message: API_ERRORS[code].message });
}

/** The Identity Toolkit's answer to a refused request: HTTP 400 with the server's error code. */
function refuse(route: Route, serverCode: string): Promise<void> {
  return answerJson(route, 400, {
    error: { code: 400, message: serverCode, errors: [{ message: serverCode }] },
  });
}

/**
 * One request of an operation held by the driver: the app stays busy with the operation (the
 * person sees it) until the driver releases the request.
 */
export class HeldRequest {
  private route: Route | null = null;
  private caughtAt: number | null = null;
  private released = false;
  private readonly arrivedPromise: Promise<Route>;
  private resolveArrival: (route: Route) => void = () => undefined;

  constructor(
    readonly endpoint: Endpoint,
    /** Only a request from this tab is held (any tab's when null). */
    readonly from: Page | null = null,
  ) {
    this.arrivedPromise = new Promise((resolve) => {
      this.resolveArrival = resolve;
    });
  }

  get isArmed(): boolean {
    return this.route === null;
  }

  catch(route: Route): void {
    this.route = route;
    this.caughtAt = Date.now();
    this.resolveArrival(route);
  }

  /** How long the request has been held, while it is (null before it arrives and once released). */
  heldForMs(): number | null {
    return this.caughtAt === null || this.released ? null : Date.now() - this.caughtAt;
  }

  async arrived(timeoutMs = 15_000): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`No ${this.endpoint} request arrived within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([this.arrivedPromise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async release(how: Release): Promise<void> {
    await this.arrived();
    const route = this.route;
    if (!route) throw new Error('unreachable: a held request without its route');
    this.released = true;
    if (how === 'continue') await route.continue();
    else if (how === 'abort') await route.abort('internetdisconnected');
    else if ('apiError' in how) await refuseAsBackend(route, how.apiError);
    else await refuse(route, how.serverError);
  }
}

/**
 * Holds requests from every tab of one browser context to the Auth Emulator and the backend, when
 * armed (never a CORS preflight).
 */
export class RequestHolder {
  /** Armed holds in the order their requests are expected (first armed, first caught). */
  private readonly holds: HeldRequest[] = [];

  private constructor() {}

  static async install(context: BrowserContext): Promise<RequestHolder> {
    const holder = new RequestHolder();
    const backendUrl = inject('backendUrl');
    // A pattern, not a function: Playwright matches it before involving this process, so the
    // app's own files (every script, style and page) load without a round trip to the driver.
    const origins = [emulatorUrl(), backendUrl].map((origin) =>
      origin.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
    );
    await context.route(new RegExp(`^(?:${origins.join('|')})/`), (route) =>
      holder.onRequest(route),
    );
    return holder;
  }

  private async onRequest(route: Route): Promise<void> {
    const request = route.request();
    const { pathname } = new URL(request.url());
    const hold =
      request.method() !== 'OPTIONS'
        ? this.holds.find(
            (candidate) =>
              candidate.isArmed &&
              pathname.endsWith(`/v1/${candidate.endpoint}`) &&
              (candidate.from === null || candidate.from === tabOf(request)),
          )
        : undefined;
    if (!hold) {
      await route.fallback();
      return;
    }
    this.holds.splice(this.holds.indexOf(hold), 1);
    hold.catch(route);
  }

  /** Holds the next request to `endpoint`, from the tab `from` only when given. */
  hold(endpoint: Endpoint, options: { from?: Page } = {}): HeldRequest {
    const held = new HeldRequest(endpoint, options.from ?? null);
    this.holds.push(held);
    return held;
  }
}

/** The tab that sent a request (none for a service worker's). */
function tabOf(request: Request): Page | null {
  return request.serviceWorker() ? null : request.frame().page();
}

/** The network refuses every connection to `endpoint` until `allowConnections`. */
export async function refuseConnections(
  context: BrowserContext,
  endpoint: Endpoint,
): Promise<void> {
  await context.route(endpointPattern(endpoint), (route) => route.abort('connectionrefused'));
}

export async function allowConnections(context: BrowserContext, endpoint: Endpoint): Promise<void> {
  await context.unroute(endpointPattern(endpoint));
}

/**
 * The server answers the next POST to `endpoint` with the Identity Toolkit error `serverCode`
 * (HTTP 400), as the real service would; later requests (and CORS preflights) pass.
 */
export async function refuseNextRequest(
  page: Page,
  endpoint: Endpoint,
  serverCode: string,
): Promise<{ answered: () => boolean }> {
  let answered = false;
  await page.route(endpointPattern(endpoint), async (route) => {
    if (answered || route.request().method() !== 'POST') {
      await route.fallback();
      return;
    }
    answered = true;
    await refuse(route, serverCode);
  });
  return { answered: () => answered };
}
