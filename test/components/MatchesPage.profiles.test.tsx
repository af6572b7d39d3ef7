import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDigestHour } from '../../src/ui/matches/DigestNote';
import { loadBrowserPlan } from '../../src/ui/plan/browserPlanRuntime';
import { frontendAlert, frontendMatch, savedProfile } from '../support/matchFixtures';
import { NEVER_PAID, PRO_RENEWING } from '../support/planFixtures';
import { guestUser, registeredUser } from '../support/sessionTestProvider';
import { page, renderMatchesPage, result } from './matchesPageHarness';

// The machine and the lazy parts are slow on a busy machine; the default 1 s is too tight.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// The plan, read for a verified account's digest line: Free unless a test says otherwise.
vi.mock('../../src/ui/plan/browserPlanRuntime', async () => {
  const { NEVER_PAID } = await import('../support/planFixtures');
  return { loadBrowserPlan: vi.fn(async () => NEVER_PAID) };
});

describe('the matches page with several profiles', () => {
  const backendProfile = { ...savedProfile, targetRoles: ['Backend engineer'] };
  const profiles = [
    { slot: 1 as const, active: true, profile: savedProfile, cv: null },
    { slot: 2 as const, active: true, profile: backendProfile, cv: null },
  ];

  it('chooses whose matches to show, and names the profile each alert fits', async () => {
    const { calls, person, stream } = renderMatchesPage(async ({ slot }) =>
      result({
        profiles,
        newAlerts: [{ ...frontendAlert, slot: 2 }],
        matches: slot === 2 ? [] : [frontendMatch],
        watching: slot === 2 ? backendProfile : null,
      }),
    );
    const chooser = await screen.findByRole('navigation', { name: 'Whose matches to show' });
    const links = within(chooser).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Profile 1: Frontend engineer',
      'Profile 2: Backend engineer',
    ]);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    const alert = await screen.findByRole('article', { name: 'Staff Web Engineer' });
    expect(within(alert).getByText('For Profile 2: Backend engineer')).toBeTruthy();

    act(() =>
      stream.sendBack?.({
        type: 'ALERT_ARRIVED',
        alert: { ...frontendAlert, alertId: 102, jobId: 12, title: 'Go developer', slot: 1 },
      }),
    );
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
        'New match: Go developer at Globex, for Profile 1: Frontend engineer',
      ),
    );

    await person.click(within(chooser).getByRole('link', { name: 'Profile 2: Backend engineer' }));
    await waitFor(() =>
      expect(calls).toHaveBeenLastCalledWith({ uid: registeredUser.uid, slot: 2 }),
    );
    // Slot 2 has no matches of its own; the alert for it stays on top.
    await screen.findByRole('article', { name: 'Staff Web Engineer' });
    expect(screen.queryByRole('article', { name: 'Senior Frontend Engineer' })).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Whose matches to show' }))
        .getByRole('link', { name: 'Profile 2: Backend engineer' })
        .getAttribute('aria-current'),
    ).toBe('page');
  });

  it('offers no choice and names no profile with one active profile', async () => {
    renderMatchesPage(async () => result({ profiles: [profiles[0]!], newAlerts: [frontendAlert] }));
    const alert = await screen.findByRole('article', { name: 'Staff Web Engineer' });
    expect(within(alert).queryByText(/^For Profile/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Whose matches to show' })).toBeNull();
  });

  it('says a profile kept after Pro ended gets no matches', async () => {
    renderMatchesPage(
      async () => result({ active: false, matches: [], profiles }),
      registeredUser,
      '/matches?slot=3',
    );
    await screen.findByRole('heading', { name: 'Profile 3 is not in your plan' });
    expect(screen.getByRole('link', { name: 'See profile 3' }).getAttribute('href')).toBe(
      '/profile?slot=3',
    );
    expect(screen.queryByRole('heading', { name: 'No matches yet' })).toBeNull();
  });
});

describe('the matches page before and after the session', () => {
  const intro = () =>
    within(page()).getByText(/^Open US and remote tech jobs that fit your profile/);

  it('shows the heading and intro at once, and keeps them as the list fills in', async () => {
    renderMatchesPage(async () => result());
    const shown = intro();
    expect(page().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Your matches' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Senior Frontend Engineer' });
    expect(intro()).toBe(shown);
  });

  const digest = /once a day, at about .+ your time, all in one daily digest/;

  it('tells a verified Free account that its matches also come in a daily e-mail digest', async () => {
    renderMatchesPage(async () => result());
    const line = await screen.findByText(digest);
    // The plan's digest hour (UTC), in the reader's own time.
    expect(line.textContent).toContain(
      `at about ${localDigestHour(NEVER_PAID.digestHourUtc)} your`,
    );
    // Under the list, so arriving later moves nothing.
    expect(page().lastElementChild?.textContent).toMatch(digest);
  });

  it('says nothing of a digest to a Pro, an unverified or a guest seeker', async () => {
    const planRead = vi.mocked(loadBrowserPlan);
    planRead.mockClear();
    planRead.mockResolvedValueOnce(PRO_RENEWING);
    renderMatchesPage(async () => result());
    await waitFor(() => expect(planRead).toHaveBeenCalled());
    await act(async () => {
      await planRead.mock.results[0]?.value;
    });
    expect(screen.queryByText(digest)).toBeNull();
    for (const user of [{ ...registeredUser, emailVerified: false }, guestUser]) {
      cleanup();
      renderMatchesPage(async () => result(), user);
      await screen.findByRole('article', { name: 'Senior Frontend Engineer' });
    }
    // Neither of the others has the plan read at all.
    expect(planRead).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(digest)).toBeNull();
  });
});
