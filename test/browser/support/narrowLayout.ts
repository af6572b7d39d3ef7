import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The narrowest phone the site is laid out for (issue 9 #5). */
export const NARROW_VIEWPORT = { width: 320, height: 720 };

/** The longest address the app accepts: 254 characters (a 64-character local part). */
export function longestEmail(): string {
  const local = `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.padEnd(
    64,
    'x',
  );
  const domain = `${'d'.repeat(59)}.${'e'.repeat(59)}.${'f'.repeat(57)}.example.com`;
  const email = `${local}@${domain}`;
  expect(email).toHaveLength(254);
  return email;
}

/** The page's scroll width at 320 px and how far each open dialog overflows sideways. */
async function sidewaysWidths(page: Page): Promise<{ page: number; dialogs: number[] }> {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    dialogs: [...document.querySelectorAll('dialog[open]')].map(
      (dialog) => dialog.scrollWidth - dialog.clientWidth,
    ),
  }));
}

/** Nothing on the page, nor in an open dialog, scrolls sideways at 320 px. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const widths = await sidewaysWidths(page);
  expect({ where, ...widths }).toEqual({
    where,
    page: NARROW_VIEWPORT.width,
    dialogs: widths.dialogs.map(() => 0),
  });
}

/**
 * The page as it is now, narrowed to 320 px: its widths when something scrolls sideways, or null.
 * The viewport stays narrow; the caller restores it.
 */
export async function sidewaysScrollWhenNarrow(
  page: Page,
): Promise<{ page: number; dialogs: number[] } | null> {
  await page.setViewportSize(NARROW_VIEWPORT);
  const widths = await sidewaysWidths(page);
  const fits =
    widths.page === NARROW_VIEWPORT.width && widths.dialogs.every((overflow) => overflow === 0);
  return fits ? null : widths;
}
