import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PATHS } from '../../src/paths';
import type { PublishedPosting } from '../../dev/jobBoards/standInServer';
import { endFileContexts, sharedTestChromium } from '../support/browser';
import {
  collectConsoleErrors,
  press,
  reachChipInputs,
  sessionLink,
  newTestContext,
  expectProfileSaved,
} from './support/pageDriver';

interface Seeker {
  roles: string;
  skills: string;
  city: string;
}

/** Fits the stand-in's generated "Frontend Engineer" (React, TypeScript and GraphQL; New York, NY). */
const FRONTEND_SEEKER: Seeker = {
  roles: 'Frontend Engineer',
  skills: 'React, TypeScript, GraphQL',
  city: 'New York, NY',
};

/** Fits none of the stand-in's generated roles: nothing it publishes is in Boise. */
const IOS_SEEKER: Seeker = { roles: 'iOS Engineer', skills: 'Swift', city: 'Boise, ID' };

/**
 * The whole loop in Chromium: a guest's open matches page gets a posting the job-board stand-in
 * publishes, through the backend's poll (every second in this suite), the alert and the live
 * stream, within 5 s; a guest whose profile it does not fit gets nothing.
 */
describe('alerts on the open matches page', () => {
  const appUrl = inject('appUrl');
  const backendUrl = inject('backendUrl');
  const jobBoardsUrl = inject('jobBoardsUrl');
  const jobBoard = inject('jobBoard');
  let browser: Browser;

  beforeAll(async () => {
    browser = await sharedTestChromium();
  });
  afterAll(async () => {
    await endFileContexts(browser);
  });

  /** A guest in a browser of their own, profile saved, on /matches with the live stream open. */
  async function guestWatchingMatches(seeker: Seeker) {
    const context = await newTestContext(browser, { viewport: { width: 320, height: 800 } });
    const page = await context.newPage();
    const consoleErrors = collectConsoleErrors(page);
    await page.goto(`${appUrl}${PATHS.profile}`);
    await sessionLink(page, 'guest').waitFor();
    await reachChipInputs(page);
    await page.getByLabel('Target roles (separate them with commas)').fill(seeker.roles);
    await page.getByLabel('Skills (separate them with commas)').fill(seeker.skills);
    await page.getByLabel('US cities', { exact: false }).fill(seeker.city);
    await page.getByRole('radio', { name: 'Mid' }).check();
    await press(page, 'Save profile');
    await expectProfileSaved(page);

    const streamOpen = page.waitForResponse(
      (response) => response.url() === `${backendUrl}/v1/alerts/stream` && response.ok(),
    );
    await page.goto(`${appUrl}${PATHS.matches}`);
    await streamOpen;
    await expect
      .poll(() => page.locator('main [aria-busy="true"]').count(), { timeout: 15_000 })
      .toBe(0);
    return { page, consoleErrors };
  }

  /** Has the stand-in publish on the polled board until its turn comes to the frontend role. */
  async function publishTheFrontendRole(): Promise<PublishedPosting> {
    for (let turn = 0; turn < 20; turn += 1) {
      const response = await fetch(`${jobBoardsUrl}/__admin/publish`, {
        method: 'POST',
        body: JSON.stringify({ source: jobBoard.source, board: jobBoard.token }),
      });
      expect(response.status).toBe(201);
      const published = (await response.json()) as PublishedPosting;
      if (published.title.startsWith('Frontend Engineer')) return published;
    }
    throw new Error('the stand-in never published its frontend role');
  }

  const card = (page: Page, title: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });

  it('shows a new fitting posting within 5 s, marked New, announced and in a toast, and nowhere it does not fit', async () => {
    const fitting = await guestWatchingMatches(FRONTEND_SEEKER);
    const unfit = await guestWatchingMatches(IOS_SEEKER);

    const published = await publishTheFrontendRole();
    const started = Date.now();
    await card(fitting.page, published.title).waitFor({ timeout: 5_000 });
    console.info(`stand-in posting to the open page: ${Date.now() - started} ms`);
    await expect
      .poll(() => card(fitting.page, published.title).getByText('New', { exact: true }).count())
      .toBe(1);
    await expect
      .poll(() => fitting.page.locator('[aria-live="polite"]').allInnerTexts())
      .toContainEqual(expect.stringContaining(`New match: ${published.title} at `));

    // Someone scrolled down still sees it: a toast in the window whose Show brings the card back.
    await fitting.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const toast = fitting.page.getByRole('region', { name: 'New match' });
    await toast.waitFor();
    expect(await toast.textContent()).toContain(published.title);
    expect(await fitting.page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await toast.getByRole('button', { name: 'Show' }).click();
    const shown = card(fitting.page, published.title);
    await expect.poll(() => shown.evaluate((node) => node === document.activeElement)).toBe(true);
    const { top, windowHeight } = await shown.evaluate((node) => ({
      top: node.getBoundingClientRect().top,
      windowHeight: window.innerHeight,
    }));
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(windowHeight);
    expect(await toast.count()).toBe(0);

    // By now the other page's stream has had as long as the first one needed.
    expect(await card(unfit.page, published.title).count()).toBe(0);
    expect(await unfit.page.getByText(published.title).count()).toBe(0);
    expect([...fitting.consoleErrors, ...unfit.consoleErrors]).toEqual([]);
  });
});
