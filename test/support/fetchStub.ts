import { vi } from 'vitest';

/**
 * Stubs the answers of chosen identity-provider calls; every other request goes to the emulator.
 *
 * The Firebase Auth SDK's Node build keeps the `fetch` it finds when it is first imported
 * (`FetchProvider.initialize(fetch, ...)`), so the stub must be installed before that import:
 *   const fetchStub = await vi.hoisted(async () =>
 *     (await import('../support/fetchStub')).installFetchStub());
 */
export interface StubbedAnswer {
  status: number;
  body: unknown;
}

export interface ServerAnswer {
  url: string;
  status: number;
  /** The server's error code (`EMAIL_EXISTS`), from `error.message` before any ` : ` detail. */
  errorCode: string | null;
  stubbed: boolean;
}

export interface FetchStub {
  /** Answers the next request whose URL contains `urlPart` (or every one, with `times: 'always'`). */
  answer(urlPart: string, answer: StubbedAnswer, times?: 'once' | 'always'): void;
  /** A server error in the Identity Toolkit's shape. */
  answerError(urlPart: string, errorCode: string, status?: number, times?: 'once' | 'always'): void;
  /** Every answer since the last reset, emulator's and stubbed. */
  readonly answers: readonly ServerAnswer[];
  reset(): void;
}

interface Route {
  urlPart: string;
  answer: StubbedAnswer;
  times: 'once' | 'always';
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

async function errorCodeOf(response: Response): Promise<string | null> {
  if (response.ok) return null;
  try {
    const body = (await response.clone().json()) as { error?: { message?: unknown } };
    const message = body.error?.message;
    return typeof message === 'string' ? (message.split(' : ')[0] ?? null) : null;
  } catch {
    return null;
  }
}

export function identityToolkitError(errorCode: string, status = 400): StubbedAnswer {
  return {
    status,
    body: { error: { code: status, message: errorCode, errors: [{ message: errorCode }] } },
  };
}

export function installFetchStub(): FetchStub {
  const realFetch = globalThis.fetch;
  const routes: Route[] = [];
  const answers: ServerAnswer[] = [];

  function takeRoute(url: string): Route | undefined {
    const index = routes.findIndex((route) => url.includes(route.urlPart));
    const route = routes[index];
    if (route?.times === 'once') routes.splice(index, 1);
    return route;
  }

  async function routedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = urlOf(input);
    const route = takeRoute(url);
    const response = route
      ? new Response(JSON.stringify(route.answer.body), {
          status: route.answer.status,
          headers: { 'Content-Type': 'application/json' },
        })
      : await realFetch(input, init);
    answers.push({
      url,
      status: response.status,
      errorCode: await errorCodeOf(response),
      stubbed: route !== undefined,
    });
    return response;
  }

  vi.stubGlobal('fetch', routedFetch);
  return {
    answer(urlPart, answer, times = 'once') {
      routes.push({ urlPart, answer, times });
    },
    answerError(urlPart, errorCode, status = 400, times = 'once') {
      routes.push({ urlPart, answer: identityToolkitError(errorCode, status), times });
    },
    answers,
    reset() {
      routes.length = 0;
      answers.length = 0;
    },
  };
}
