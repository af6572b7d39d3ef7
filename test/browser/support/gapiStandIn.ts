/**
 * A stand-in for Google's gapi loader (`https://apis.google.com/js/api.js`), which the browser tests
 * cannot reach (they run offline). The Firebase Auth SDK loads it for popup and redirect sign-in and
 * uses `gapi.iframes` to talk to a hidden helper iframe; the Auth Emulator's helper iframe
 * (`/emulator/auth/iframe`) loads the same URL to talk back. Without it `linkWithPopup` and friends
 * fail at once with `auth/internal-error` (docs/architecture.md, facts).
 *
 * Written against, and covering exactly what they call:
 * - firebase 12 / @firebase/auth 1.13.6, `src/platform_browser/iframe/gapi.ts` (`?onload=<fn>`,
 *   `gapi.load('gapi.iframes', {callback, ontimeout, timeout})`, `gapi.iframes.Iframe`,
 *   `gapi.iframes.getContext()`), `iframe/iframe.ts` (`context.open({url, where, attributes,
 *   messageHandlersFilter, dontclear}, cb)`, whose result is awaited for the iframe once `cb`'s
 *   promise settles; `iframe.restyle(...)`, `iframe.ping(cb)`), `popup_redirect.ts`
 *   (`iframe.register('authEvent', handler, CROSS_ORIGIN_IFRAMES_FILTER)`, whose return value
 *   `{status}` is the reply; `iframe.send('webStorageSupport', ..., cb)`, where `cb` reads
 *   `responses[0].webStorageSupport`).
 * - firebase-tools 15.34, the helper iframe page served at `/emulator/auth/iframe` (it defines
 *   `window.gapi_onload` instead of `?onload=`, calls `gapi.load('gapi.iframes', {callback, timeout,
 *   ontimeout})`, `getContext().getParentIframe()`, `register('webStorageSupport', ...)` and
 *   `send('authEvent', {type, authEvent}, cb)`, where `cb` wants `responses[last].status === 'ACK'`).
 *
 * The wire format between the two stand-ins (page and iframe) is this file's own: a `connect`
 * handshake from the iframe, then `call` / `reply` envelopes by `postMessage`, checked against the
 * peer's window and origin. Google's real protocol is not reproduced.
 */
import type { BrowserContext } from 'playwright-core';

/** The URL the SDK and the emulator's helper iframe load, with or without `?onload=<fn>`. */
export const GAPI_SCRIPT_URL = /^https:\/\/apis\.google\.com\/js\/api\.js(?:\?.*)?$/;

/**
 * The stand-in itself. It runs in the browser: it is serialized with `Function.prototype.toString`
 * (as Playwright does with `page.evaluate`), so it must not refer to anything outside its body.
 */
function gapiStandIn(win: Window & typeof globalThis): void {
  type Handler = (data: unknown) => unknown;
  type Filter = (iframe: Iframe) => boolean;
  type ReplyCallback = (responses: unknown[]) => void;
  interface Envelope {
    gapiStandIn: true;
    kind: 'connect' | 'call' | 'reply';
    id: number;
    type: string;
    data: unknown;
    responses: unknown[];
  }
  interface LoadOptions {
    callback?: () => void;
    onerror?: (error: Error) => void;
    ontimeout?: () => void;
    timeout?: number;
  }
  interface OpenOptions {
    url: string;
    where?: HTMLElement | string;
    attributes?: Record<string, unknown>;
    messageHandlersFilter?: Filter;
    dontclear?: boolean;
  }

  const report = (error: unknown): void =>
    win.console.debug('[gapi stand-in] a handler or callback threw:', error);
  const CROSS_ORIGIN_IFRAMES_FILTER: Filter = () => true;
  const iframes = new Set<Iframe>();

  /** One end of the channel between the page and an iframe it opened (or, inside it, its parent). */
  class Iframe {
    private readonly handlers = new Map<string, { handler: Handler; filter: Filter }>();
    /** Calls that arrived before their handler was registered: the SDK registers `authEvent` only
     * after `ping` resolves, and the helper iframe sends its first event as soon as it connects. */
    private readonly early = new Map<string, Envelope[]>();
    private readonly awaitingReply = new Map<number, ReplyCallback>();
    /** Held until the peer's stand-in connects (null once it has): an iframe's listener does not
     * exist before its document loads the script. */
    private outbox: Envelope[] | null;
    private nextId = 1;

    constructor(
      readonly peer: () => Window | null,
      readonly peerOrigin: string,
      peerIsListening: boolean,
      private readonly defaultFilter: Filter,
    ) {
      this.outbox = peerIsListening ? null : [];
      iframes.add(this);
      this.register('_ping', () => true);
    }

    register(type: string, handler: Handler, filter: Filter = this.defaultFilter): void {
      this.handlers.set(type, { handler, filter });
      const early = this.early.get(type) ?? [];
      this.early.delete(type);
      for (const call of early) this.answer(call);
    }

    unregister(type: string): void {
      this.handlers.delete(type);
    }

    send(type: string, data: unknown, callback?: ReplyCallback): void {
      const id = this.nextId++;
      if (callback) this.awaitingReply.set(id, callback);
      this.post({ kind: 'call', id, type, data, responses: [] });
    }

    /** Resolves (and calls back) once the peer's stand-in answers. */
    ping(callback?: () => void, data: unknown = null): Promise<unknown[]> {
      return new Promise((resolve) => {
        this.send('_ping', data, (responses) => {
          callback?.();
          resolve(responses);
        });
      });
    }

    /** The SDK only sends `{setHideOnLeave: false}`, which means nothing here: acknowledged. */
    restyle(_style: Record<string, unknown>, callback?: () => void): Promise<unknown[]> {
      callback?.();
      return Promise.resolve([true]);
    }

    connect(): void {
      this.post({ kind: 'connect', id: 0, type: '', data: null, responses: [] });
    }

    receive(envelope: Envelope): void {
      if (envelope.kind === 'connect') {
        const held = this.outbox ?? [];
        this.outbox = null;
        held.forEach((message) => this.post(message));
      } else if (envelope.kind === 'call') {
        this.answer(envelope);
      } else {
        const callback = this.awaitingReply.get(envelope.id);
        this.awaitingReply.delete(envelope.id);
        // The SDK's webStorageSupport callback throws internal-error after reporting, every time.
        if (callback) guarded(() => callback(envelope.responses));
      }
    }

    private answer(call: Envelope): void {
      const entry = this.handlers.get(call.type);
      if (!entry) {
        this.early.set(call.type, [...(this.early.get(call.type) ?? []), call]);
        return;
      }
      const reply = (responses: unknown[]) =>
        this.post({ ...call, kind: 'reply', data: null, responses });
      if (!entry.filter(this)) return reply([]);
      let result: unknown;
      try {
        result = entry.handler(call.data);
      } catch (error) {
        report(error);
        return reply([]);
      }
      Promise.resolve(result).then((value) => reply([value]), report);
    }

    private post(envelope: Omit<Envelope, 'gapiStandIn'>): void {
      const message: Envelope = { ...envelope, gapiStandIn: true };
      if (this.outbox) this.outbox.push(message);
      else this.peer()?.postMessage(message, this.peerOrigin);
    }
  }

  function guarded(run: () => void): void {
    try {
      run();
    } catch (error) {
      report(error);
    }
  }

  function isEnvelope(data: unknown): data is Envelope {
    return (
      typeof data === 'object' && data !== null && (data as Partial<Envelope>).gapiStandIn === true
    );
  }

  win.addEventListener('message', (event) => {
    if (!isEnvelope(event.data)) return;
    for (const iframe of iframes) {
      if (iframe.peer() === event.source && iframe.peerOrigin === event.origin)
        iframe.receive(event.data);
    }
  });

  // Inside an iframe opened by `open` below: the fragment names the parent's origin (as gapi's does).
  const parentOrigin = new URLSearchParams(win.location.hash.slice(1)).get('parent');
  const parentIframe =
    win.parent !== win && parentOrigin
      ? new Iframe(() => win.parent, parentOrigin, true, CROSS_ORIGIN_IFRAMES_FILTER)
      : null;
  parentIframe?.connect();

  class Context {
    open(options: OpenOptions, callback?: (iframe: Iframe) => unknown): Promise<Iframe> {
      const where =
        typeof options.where === 'string'
          ? win.document.getElementById(options.where)
          : options.where;
      const container = where ?? win.document.body;
      if (!options.dontclear) container.replaceChildren();
      const element = win.document.createElement('iframe');
      for (const [name, value] of Object.entries(options.attributes ?? {})) {
        if (name === 'style' && typeof value === 'object' && value !== null)
          Object.assign(element.style, value);
        else element.setAttribute(name, String(value));
      }
      const url = new URL(options.url, win.location.href);
      url.hash = `parent=${encodeURIComponent(win.location.origin)}`;
      element.src = url.href;
      container.appendChild(element);
      const iframe = new Iframe(
        () => element.contentWindow,
        url.origin,
        false,
        options.messageHandlersFilter ?? CROSS_ORIGIN_IFRAMES_FILTER,
      );
      // The SDK awaits this for the iframe, after its callback's ping has settled (or failed).
      return Promise.resolve(callback?.(iframe)).then(() => iframe);
    }

    getParentIframe(): Iframe | null {
      return parentIframe;
    }
  }

  const context = new Context();
  const gapiIframes = { Iframe, Context, CROSS_ORIGIN_IFRAMES_FILTER, getContext: () => context };
  const gapi: { load: typeof load; iframes?: typeof gapiIframes } = { load };

  /** Only `gapi.iframes` exists; like gapi, it appears on `gapi` once loaded. */
  function load(features: string, then?: (() => void) | LoadOptions): void {
    const options: LoadOptions = typeof then === 'function' ? { callback: then } : (then ?? {});
    const missing = features.split(':').filter((feature) => feature !== 'gapi.iframes');
    if (missing.length > 0) {
      const error = new Error(
        `gapi stand-in: only gapi.iframes is available, not ${missing.join(', ')}`,
      );
      if (!options.onerror) throw error;
      queueMicrotask(() => options.onerror?.(error));
      return;
    }
    queueMicrotask(() => {
      gapi.iframes = gapiIframes;
      options.callback?.();
    });
  }

  const globals = win as unknown as Record<string, unknown>;
  globals.gapi = gapi;
  const script = win.document.currentScript;
  const onloadName =
    script instanceof win.HTMLScriptElement ? new URL(script.src).searchParams.get('onload') : null;
  const onload = globals[onloadName ?? 'gapi_onload'];
  if (typeof onload === 'function') onload();
}

/**
 * The script served in place of `https://apis.google.com/js/api.js`. Transpilers that keep function
 * names (esbuild's `keepNames`, as under tsx) wrap functions in a `__name(fn, name)` helper, which
 * the serialized source then calls: the script brings a no-op one of its own.
 */
export function gapiStandInScript(): string {
  return [
    "/* Test stand-in for Google's gapi loader: test/browser/support/gapiStandIn.ts */",
    '((__name) => {',
    `  (${gapiStandIn.toString()})(window);`,
    '})((fn) => fn);',
    '',
  ].join('\n');
}

/** Serves the stand-in for every page and iframe of `context` that loads Google's gapi script. */
export async function installGapiStandIn(context: BrowserContext): Promise<void> {
  const body = gapiStandInScript();
  await context.route(GAPI_SCRIPT_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body }),
  );
}
