import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { endFileContexts, sharedTestChromium } from '../support/browser';
import { PATHS } from '../../src/paths';
import { listInput, shownList } from './profileLists';
import {
  collectConsoleErrors,
  fillLoginForm,
  press,
  waitForPersistedUser,
  newTestContext,
  expectProfileSaved,
} from './support/pageDriver';

/** Presses Tab until `target` has the focus, as a person at the keyboard would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element.');
}

/**
 * The built app in Chromium against the Auth Emulator and the real backend (in-memory PGlite):
 * a guest saves a job alert profile and uploads a CV, creates an account (same uid), and finds
 * both again after a reload.
 */
describe('the job alert profile in Chromium', () => {
  const appUrl = inject('appUrl');
  let browser: Browser;
  let page: Page;
  let consoleErrors: string[];

  beforeAll(async () => {
    browser = await sharedTestChromium();
    // No service worker (newTestContext's default): it would serve the chip input's chunk past
    // the route that holds it.
    const context = await newTestContext(browser, { viewport: { width: 320, height: 800 } });
    page = await context.newPage();
    consoleErrors = collectConsoleErrors(page);
  });

  afterAll(async () => {
    await endFileContexts(browser);
  });

  const roles = () => page.getByLabel('Target roles (separate them with commas)');

  it('takes a guest from "Start free" through a CV to matches, at 390 px with the keyboard', async () => {
    const context = await newTestContext(browser, { viewport: { width: 390, height: 800 } });
    const start = await context.newPage();
    const errors = collectConsoleErrors(start);
    await start.goto(`${appUrl}/`);
    await tabTo(start, start.getByRole('link', { name: 'Start free' }).first());
    await start.keyboard.press('Enter');
    await start.waitForURL(`${appUrl}${PATHS.start}`);
    await start.getByRole('button', { name: 'Start without a CV' }).waitFor();

    await tabTo(start, start.getByLabel('Choose your CV'));
    // A file chooser has no keyboard in a headless browser: the file is set on the focused input.
    await start.getByLabel('Choose your CV').setInputFiles({
      name: 'ada-park.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(
        [
          'Ada Park',
          'Austin, TX · ada@example.com',
          'Senior Frontend Engineer, Acme, 2021 - Present',
          '- React and TypeScript on PostgreSQL.',
          'Web Developer, Globex, 2017 - 2021',
        ].join('\n'),
      ),
    });
    await start.getByRole('status').filter({ hasText: 'We read your CV' }).waitFor();
    expect(await shownList(start, 'roles')).toMatch(/^Frontend engineer, Web developer$/i);
    expect(await shownList(start, 'skills')).toContain('React, TypeScript, PostgreSQL');
    expect(await start.getByRole('radio', { name: 'Senior' }).isChecked()).toBe(true);
    expect(await start.getByRole('checkbox', { name: 'Austin, TX' }).isChecked()).toBe(true);

    // The CV's file input keeps the focus: Tab goes on to the proposals, and reaching the skills
    // loads the chip input, which takes the focus over.
    await tabTo(start, listInput(start, 'skills'));
    await start.getByRole('combobox', { name: 'Skills' }).waitFor();
    await start.keyboard.type('GraphQL');
    await start.keyboard.press('Enter');
    await expect.poll(() => shownList(start, 'skills')).toMatch(/, GraphQL$/);
    await tabTo(start, start.getByRole('button', { name: 'Show my matches' }));
    await start.keyboard.press('Enter');
    await start.waitForURL(`${appUrl}${PATHS.matches}`);
    expect(await start.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // The proposals are kept with the CV: the step shows them again after a reload.
    await start.goto(`${appUrl}${PATHS.start}`);
    await start.getByText(/^You already have a profile/).waitFor();
    expect(await shownList(start, 'roles')).toMatch(/^Frontend engineer, Web developer$/i);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a guest’s profile and CV when the guest creates an account', async () => {
    await page.goto(`${appUrl}${PATHS.profile}`);
    const guest = await waitForPersistedUser(page, (user) => user.isAnonymous);

    // At 390 px, with the keyboard alone: a suggested role, a typed one, a suggested skill.
    await page.setViewportSize({ width: 390, height: 800 });
    await roles().focus();
    await page.keyboard.type('Frontend eng');
    await page.getByRole('option', { name: 'Frontend engineer' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Web developer');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.type('typescr');
    await page.getByRole('option', { name: 'TypeScript' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await shownList(page, 'roles')).toBe('Frontend engineer, Web developer');
    expect(await shownList(page, 'skills')).toBe('TypeScript');
    await page.setViewportSize({ width: 320, height: 800 });
    await page.getByLabel('US cities', { exact: false }).fill('Austin, TX');
    await page.getByRole('radio', { name: 'Senior' }).check();
    await page.getByLabel('Minimum salary', { exact: false }).fill('150000');
    await press(page, 'Save profile');
    await expectProfileSaved(page);

    await page.getByLabel('Upload your CV').setInputFiles({
      name: 'my-cv.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Senior engineer: TypeScript, React, PostgreSQL and Docker.'),
    });
    await page.getByText('my-cv.txt', { exact: true }).waitFor();
    await press(page, 'Add React');
    await expect.poll(() => shownList(page, 'skills')).toBe('TypeScript, React');
    await press(page, 'Save profile');
    await expectProfileSaved(page);

    // Nothing scrolls sideways at 320 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );

    await page.getByRole('link', { name: 'Create an account to keep it and get alerts' }).click();
    await page.waitForURL(/\/login/);
    await fillLoginForm(page, `profile-${Date.now()}@example.com`, 'profile-Password-1');
    await press(page, 'Create account');
    await page.waitForURL(`${appUrl}${PATHS.profile}`);
    const registered = await waitForPersistedUser(page, (user) => !user.isAnonymous);
    expect(registered.uid).toBe(guest.uid);

    // The chip inputs load when a list is first reached, held here: until then the same chips
    // stand in the same box (two rows of roles at 320 px), so nothing moves when they swap in.
    let held = 0;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/ChipCombobox-[^/]+\.js$/, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.reload();
    await page.getByRole('textbox', { name: /^Target roles/ }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'Senior' }).isChecked()).toBe(true);
    const skillsAt = () => page.getByLabel(/^Skills/).boundingBox();
    const before = await skillsAt();
    expect(held).toBe(0);
    await page.getByRole('textbox', { name: /^Target roles/ }).focus();
    await expect.poll(() => held).toBe(1);
    release();
    const roleInput = page.getByRole('combobox', { name: /^Target roles/ });
    await roleInput.waitFor();
    expect(await roleInput.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await shownList(page, 'roles')).toBe('Frontend engineer, Web developer');
    expect(await skillsAt()).toEqual(before);
    expect(await shownList(page, 'skills')).toBe('TypeScript, React');
    expect(await page.getByRole('radio', { name: 'Senior' }).isChecked()).toBe(true);
    await page.getByText('my-cv.txt', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByRole('link', { name: 'Create an account', exact: false }).count())
      .toBe(0);

    expect(consoleErrors).toEqual([]);
  });
});
