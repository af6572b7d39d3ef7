/** What the page shows: the header's session word, and the texts of alerts and status regions. */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export type SessionKind = 'guest' | 'registered';

/** The header's session link says "Login" to a guest and "Account" to a registered user. */
export const SESSION_WORD: Record<SessionKind, string> = { guest: 'Login', registered: 'Account' };
export const SESSION_HREF: Record<SessionKind, string> = {
  guest: '/login',
  registered: '/account',
};

/** The header's session link, for a kind of session, or once the session is known at all. */
export function sessionLink(page: Page, kind?: SessionKind | 'known'): Locator {
  if (kind === undefined) return page.locator('header a.account-link');
  if (kind === 'known')
    return page.locator('header a.account-link:not([data-session-kind="unknown"])');
  return page.locator(`header a.account-link[data-session-kind="${kind}"]`);
}

/** Waits until the header's session link shows `kind`: the word "Login" or "Account" and its link. */
export async function expectHeaderShows(page: Page, kind: SessionKind): Promise<void> {
  const link = sessionLink(page, kind);
  await link.waitFor();
  expect(await link.innerText()).toBe(SESSION_WORD[kind]);
  expect(await link.getAttribute('href')).toBe(SESSION_HREF[kind]);
}

/** The texts of the visible live regions of `role` (alerts: errors; status: notices, progress). */
export function liveTexts(page: Page, role: 'alert' | 'status'): Promise<string[]> {
  return page.getByRole(role).evaluateAll((nodes) =>
    nodes
      .filter((node) => node instanceof HTMLElement && node.offsetParent !== null)
      .map((node) => (node.textContent ?? '').trim())
      .filter((text) => text !== ''),
  );
}

/** Waits until an alert (`role="alert"`) says exactly `message`. */
export async function expectAlert(page: Page, message: string): Promise<void> {
  await expect.poll(() => liveTexts(page, 'alert')).toContain(message);
}

/** Waits until a status region (`role="status"`) says exactly `message`. */
export async function expectNotice(page: Page, message: string): Promise<void> {
  await expect.poll(() => liveTexts(page, 'status')).toContain(message);
}

/** No alert on the page says anything. */
export async function expectNoAlert(page: Page): Promise<void> {
  expect(await liveTexts(page, 'alert')).toEqual([]);
}
