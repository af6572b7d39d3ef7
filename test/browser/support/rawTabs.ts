/**
 * Pages for the defect tests of issue 9, in contexts the named-flow helpers (appTabs.ts) do not
 * make: JavaScript off, scripts held back, narrow viewports; and a console record that keeps
 * every error line, the emulator's known 501s included (collectConsoleErrors filters those).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { endFileContexts, sharedTestChromium } from '../../support/browser';
import { disposeTestAuths } from '../../support/emulatorAuth';
import { trackRequests } from './page/quietNetwork';
import { newTestContext } from './page/tabs';

export interface RawTab {
  context: BrowserContext;
  page: Page;
  /** Every console error and uncaught exception, unfiltered. */
  consoleErrors: string[];
  /** Every URL the page requested. */
  requestedUrls: string[];
}

export interface RawTabOptions extends BrowserContextOptions {
  /** Hold every JavaScript file of the app until the test ends (slow JavaScript). */
  holdScripts?: boolean;
}

export interface RawBrowser {
  appUrl: string;
  /**
   * A fresh context opened at `path` (waiting only for the response, not for scripts), or on a
   * blank page for a test that sets the page up before the app's first load.
   */
  open(path: string | null, options?: RawTabOptions): Promise<RawTab>;
}

/** Every console error and uncaught exception `page` logs from now on, unfiltered, as it comes. */
export function everyConsoleError(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return errors;
}

export function useRawBrowser(): RawBrowser {
  const appUrl = inject('appUrl');
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let held: Route[] = [];

  beforeAll(async () => {
    browser = await sharedTestChromium();
  });

  afterEach(async () => {
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    held = [];
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
    await disposeTestAuths();
  });

  afterAll(async () => {
    await endFileContexts(browser);
  });

  return {
    appUrl,
    async open(path, { holdScripts = false, ...contextOptions } = {}) {
      if (!browser) throw new Error('useRawBrowser() must be called inside a describe block.');
      const context = await newTestContext(browser, contextOptions);
      contexts.push(context);
      context.setDefaultTimeout(20_000);
      // Every tab of it, this one and those a test opens later, has its requests counted.
      context.on('page', trackRequests);
      if (holdScripts) {
        await context.route(/\/assets\/.*\.js$/, (route) => {
          held.push(route);
        });
      }
      const page = await context.newPage();
      const consoleErrors = everyConsoleError(page);
      const requestedUrls: string[] = [];
      page.on('request', (request) => requestedUrls.push(request.url()));
      if (path !== null) await page.goto(`${appUrl}${path}`, { waitUntil: 'commit' });
      return { context, page, consoleErrors, requestedUrls };
    },
  };
}
