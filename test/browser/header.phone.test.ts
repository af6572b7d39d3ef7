import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../src/paths';
import { createAccount, uniqueEmail } from '../support/emulatorAuth';
import { recordShifts, shiftsOnceSettled } from './support/layoutShifts';
import { expectHeaderShows, submitLogin, type SessionKind } from './support/pageDriver';
import { useRawBrowser } from './support/rawTabs';

const PHONE_WIDTHS = [320, 360, 390, 414] as const;
const PASSWORD = 'Header-Row-1';

/** Where the header's brand, brand name, session link and menu button are, and what clips them. */
function headerLayout(page: Page) {
  return page.evaluate(() => {
    const box = (selector: string) => {
      const node = document.querySelector(selector);
      if (!node) return null;
      const { top, bottom, left, right, width, height } = node.getBoundingClientRect();
      return { top, bottom, left, right, width, height };
    };
    const name = document.querySelector('header .brand-name');
    const nameBox = name?.getBoundingClientRect();
    const atNameCentre = nameBox
      ? document.elementFromPoint(nameBox.x + nameBox.width / 2, nameBox.y + nameBox.height / 2)
      : null;
    return {
      pageWidth: document.documentElement.scrollWidth,
      bar: box('header .header-bar'),
      brand: box('header .brand'),
      session: box('header a.account-link'),
      menu: box('header .nav-menu-button'),
      nameShown:
        name !== null &&
        name.textContent === 'ApplyFirst' &&
        // Not cut: as wide as its text (scrollWidth is rounded to a whole pixel).
        (nameBox?.width ?? 0) >= name.scrollWidth - 1 &&
        atNameCentre !== null &&
        name.contains(atNameCentre),
    };
  });
}

async function expectOneRow(page: Page, width: number): Promise<void> {
  const layout = await headerLayout(page);
  const { bar, brand, session, menu } = layout;
  expect({ width, pageWidth: layout.pageWidth, nameShown: layout.nameShown }).toEqual({
    width,
    pageWidth: width,
    nameShown: true,
  });
  if (!bar || !brand || !session || !menu) throw new Error(`header parts missing at ${width}px`);
  // One row: the bar is as tall as its one row, and its parts sit side by side on one line.
  expect(bar.height, `header height at ${width}px`).toBeLessThanOrEqual(65);
  const middle = (part: { top: number; height: number }) => part.top + part.height / 2;
  for (const part of [session, menu])
    expect(Math.abs(middle(part) - middle(brand)), `at ${width}px`).toBeLessThanOrEqual(2);
  expect(brand.right).toBeLessThanOrEqual(session.left);
  expect(session.right).toBeLessThanOrEqual(menu.left);
  expect(menu.right).toBeLessThanOrEqual(width);
}

/**
 * Whether Chromium tells assistive technology the element is expanded: a popover's button has no
 * aria-expanded attribute, the browser gives it the state, so this asks its accessibility tree.
 */
async function expandedOf(page: Page, selector: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = (await cdp.send('DOM.getDocument')) as { root: { nodeId: number } };
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      nodeId,
      fetchRelatives: false,
    });
    const expanded = nodes[0]?.properties?.find((property) => property.name === 'expanded');
    return expanded === undefined ? undefined : expanded.value.value === true;
  } finally {
    await cdp.detach();
  }
}

describe('the header on a phone (issue 26 #4)', () => {
  const browser = useRawBrowser();

  async function openAt(width: number, kind: SessionKind, path: string) {
    const tab = await browser.open(PATHS.login, { viewport: { width, height: 720 } });
    if (kind === 'registered') {
      const email = uniqueEmail(`header-${width}`);
      await createAccount(email, PASSWORD);
      await submitLogin(tab.page, 'Sign in', email, PASSWORD);
      await tab.page.waitForURL(`${browser.appUrl}${PATHS.account}`);
    }
    // A new tab of the same browser: the page loads from scratch, the session remembered.
    const page = await tab.context.newPage();
    await recordShifts(page);
    await page.goto(`${browser.appUrl}${path}`);
    return page;
  }

  for (const kind of ['guest', 'registered'] as const) {
    it.each(PHONE_WIDTHS)(
      `keeps one row at %i px for a ${kind} user, the brand name shown, with no layout shift`,
      async (width) => {
        const page = await openAt(width, kind, PATHS.home);
        expect(await shiftsOnceSettled(page, kind)).toEqual([]);
        await expectHeaderShows(page, kind);
        await expectOneRow(page, width);
      },
    );
  }

  it('puts the other pages in a menu that works by keyboard and closes on the way to a page', async () => {
    const page = await openAt(320, 'guest', PATHS.home);
    await shiftsOnceSettled(page, 'guest');
    const banner = page.getByRole('banner');
    const menu = banner.getByRole('button', { name: 'Menu' });
    const pricing = banner.getByRole('link', { name: 'Pricing', exact: true });
    expect(await pricing.isVisible()).toBe(false);
    expect(await expandedOf(page, '.nav-menu-button')).toBe(false);

    await menu.focus();
    await page.keyboard.press('Enter');
    await pricing.waitFor();
    expect(await expandedOf(page, '.nav-menu-button')).toBe(true);
    const links = banner.getByRole('navigation', { name: 'Main' }).getByRole('link');
    expect(await links.allInnerTexts()).toEqual([
      'Pricing',
      'Blog',
      'Job alerts',
      'Matches',
      'Login',
    ]);
    await page.keyboard.press('Tab');
    expect(await pricing.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await pricing.waitFor({ state: 'hidden' });
    expect(await menu.evaluate((node) => node === document.activeElement)).toBe(true);

    await menu.click();
    await banner.getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(`${browser.appUrl}${PATHS.blog}`);
    await pricing.waitFor({ state: 'hidden' });
    expect(await expandedOf(page, '.nav-menu-button')).toBe(false);
  });
});
