/**
 * Tabs of the app: a fresh browser for a test, a page opened with its console errors collected, a
 * second tab of the same browser, and the wait for one tab's SDK to notice what another tab changed.
 */
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  ConsoleMessage,
  Page,
} from 'playwright-core';
import { sessionLink } from './assertions';
import { trackRequests, waitForQuietNetwork } from './quietNetwork';

/** A desktop window, unless a test says otherwise. */
export const DESKTOP_VIEWPORT = { width: 1280, height: 900 };

/**
 * A fresh browser context (its own storage, as a new visitor's) with a desktop window and without
 * the app's service worker, unless `options` say otherwise. In every fresh context the worker
 * precaches the whole app shell in the background, which costs more CPU than most tests' own
 * steps and is what no test but the worker's own looks at (docs/architecture.md, Tests):
 * push.test.ts and smoke.test.ts run with it (`serviceWorkers: 'allow'`).
 */
export function newTestContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP_VIEWPORT, serviceWorkers: 'block', ...options });
}

/** One page of the app with every console error it logged. */
export interface OpenedPage {
  page: Page;
  consoleErrors: string[];
}

export interface OpenPageOptions {
  /** Playwright's fake clock, installed before the page loads (it runs in real time until told). */
  fakeClock?: boolean;
}

/** A new page in `context` (another tab of the same browser when the context has one), at `url`. */
export async function openPage(
  context: BrowserContext,
  url: string,
  options: OpenPageOptions = {},
): Promise<OpenedPage> {
  const page = await context.newPage();
  trackRequests(page);
  const consoleErrors = collectConsoleErrors(page);
  if (options.fakeClock) await page.clock.install();
  await page.goto(url);
  return { page, consoleErrors };
}

/**
 * A second tab of the same browser at `url`, once it knows its session (guest or registered) and
 * its SDK has done restoring (its requests are over): until then the session can turn busy for a
 * moment, and a press landing then is ignored, as the app's buttons ignore presses while busy.
 */
export async function openSecondTab(context: BrowserContext, url: string): Promise<OpenedPage> {
  const opened = await openPage(context, url);
  await sessionLink(opened.page, 'known').waitFor();
  await waitForQuietNetwork(opened.page);
  return opened;
}

/** How often the Auth SDK reads the storage tabs share (IndexedDB), for another tab's changes. */
const STORAGE_POLL_MS = 800;

/**
 * Lets the SDK in `page` notice what another tab changed: two of its storage polls, counted on
 * the page's own clock (a background tab's timers run late under load, a test runner's do not).
 */
export async function waitForStoragePolls(page: Page): Promise<void> {
  await page.evaluate(
    (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
    2 * STORAGE_POLL_MS,
  );
}

/**
 * Known, harmless console errors: the Auth Emulator does not implement the password-policy
 * endpoint (HTTP 501, DESIGN.md section 9), the app falls back to its default policy, and
 * Chromium logs the failed request.
 */
function isKnownEmulatorGap(message: ConsoleMessage): boolean {
  return (
    message
      .text()
      .startsWith('Failed to load resource: the server responded with a status of 501') &&
    /\/v2\/(passwordPolicy|recaptchaConfig)\b/.test(message.location().url)
  );
}

/** Every console warning of `page` (the app's `[session]` notes), for a failed step's report. */
export function collectConsoleWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  return warnings;
}

/** Every console error and uncaught exception of `page`, as readable lines. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isKnownEmulatorGap(message)) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return errors;
}
