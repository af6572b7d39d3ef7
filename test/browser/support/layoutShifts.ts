import type { Page } from 'playwright-core';
import { waitForQuietNetwork, type SessionKind } from './pageDriver';

/** Records every layout shift of the pages `page` opens from now on. */
export async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts of the open page, once its session is known and the network is quiet. */
export async function shiftsOnceSettled(
  page: Page,
  kind: SessionKind = 'guest',
): Promise<number[]> {
  await page.locator(`header a.account-link[data-session-kind="${kind}"]`).waitFor();
  await waitForQuietNetwork(page);
  return page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
}
