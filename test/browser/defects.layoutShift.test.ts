import { describe, expect, it } from 'vitest';
import { PATHS } from '../../src/paths';
import { useRawBrowser } from './support/rawTabs';

const PHONE = { width: 375, height: 667 };

describe('layout shift (CLS)', () => {
  const browser = useRawBrowser();

  it('is 0 for a guest opening /account, whom the browser sends on to /login', async () => {
    const tab = await browser.open('/', { viewport: PHONE });
    await tab.page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await tab.page.goto(`${browser.appUrl}${PATHS.account}`);
    await tab.page.waitForURL(/\/login/);
    await tab.page.locator('header a.account-link[data-session-kind="guest"]').waitFor();
    await tab.page.waitForLoadState('networkidle');
    const shifts = await tab.page.evaluate(
      () => (window as unknown as { shifts: number[] }).shifts,
    );
    expect(shifts).toEqual([]);
  });
});
