import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { loginPath, PATHS } from '../../src/paths';
import type { MatchesResult } from '../../src/machines/matches/matchesMachine';
import { frontendAlert, frontendMatch, savedProfile } from '../support/matchFixtures';
import { guestUser, registeredUser } from '../support/sessionTestProvider';
import { listStatus, page, renderMatchesPage, result } from './matchesPageHarness';

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

describe('the matches page', () => {
  it('shows a busy page with a status while the matches load', async () => {
    renderMatchesPage(() => new Promise(() => {}));
    expect(page().getAttribute('aria-busy')).toBe('true');
    expect((await listStatus()).textContent).toBe('Loading your matches…');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows each match: score, reasons, covered and missing skills, freshness and apply link', async () => {
    const { calls } = renderMatchesPage(async () => result());
    const card = await screen.findByRole('article', { name: 'Senior Frontend Engineer' });
    expect(page().getAttribute('aria-busy')).toBeNull();
    expect(calls).toHaveBeenCalledWith({ uid: registeredUser.uid, slot: 1 });
    expect(within(card).getByText('Acme Cloud')).toBeTruthy();
    expect(within(card).getByText('Remote in the US · Austin, TX')).toBeTruthy();

    const score = within(card).getByRole('meter', { name: '87% match' });
    expect(score.getAttribute('value')).toBe('87');

    const reasons = within(within(card).getByRole('list', { name: 'Why it matches' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // The card counts the skills (they are listed as chips beside); the other reasons read as sent.
    expect(reasons).toEqual([
      'It asks for 3 of your skills.',
      ...frontendMatch.reasons.slice(1).map((reason) => reason.text),
    ]);
    const items = (name: string) =>
      within(within(card).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(items('Skills you have')).toEqual(['TypeScript', 'React', 'CSS']);
    expect(items('Skills you are missing')).toEqual(['GraphQL']);

    const time = card.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe(frontendMatch.postedAt);
    expect(time?.parentElement?.textContent).toBe('Posted 4 minutes ago');

    const apply = within(card).getByRole('link', {
      name: 'Apply for Senior Frontend Engineer at Acme Cloud',
    });
    expect(apply.getAttribute('href')).toBe(frontendMatch.applyUrl);
    expect(apply.getAttribute('rel')).toBe('noopener noreferrer');
    expect((await listStatus()).textContent).toBe('1 match.');
    // Registered users are not invited to register.
    expect(screen.queryByRole('link', { name: /Create an account/ })).toBeNull();
  });

  it('says when ApplyFirst first saw a posting whose posting time is not known', async () => {
    renderMatchesPage(async () =>
      result({
        matches: [{ ...frontendMatch, postedAt: null, firstSeenAt: '2026-11-20T22:04:00Z' }],
      }),
    );
    const card = await screen.findByRole('article');
    expect(card.querySelector('time')?.parentElement?.textContent).toBe('First seen 2 days ago');
  });

  it('without a profile, explains and links to the profile to fill it', async () => {
    renderMatchesPage(async () => result({ profileMissing: true, matches: [] }));
    const fill = await screen.findByRole('link', { name: 'Fill in your profile' });
    expect(fill.getAttribute('href')).toBe(PATHS.profile);
    expect(screen.getByText(/You have not filled it in yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('with a profile but no matches yet, says what is being watched', async () => {
    renderMatchesPage(async () => result({ matches: [], watching: savedProfile }));
    await screen.findByRole('heading', { name: 'No matches yet' });
    const watched = Object.fromEntries(
      [...document.querySelectorAll('.details__row')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(watched).toEqual({
      Roles: 'Frontend engineer',
      Skills: 'TypeScript, React',
      Where: 'remote in the US; TX',
    });
    expect(screen.getByText('New postings that fit appear here, best first.')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Change what you are looking for' }).getAttribute('href'),
    ).toBe(PATHS.profile);
  });

  it('says what is watched in general when the profile could not be read', async () => {
    renderMatchesPage(async () => result({ matches: [], watching: null }));
    expect(
      await screen.findByText(/for the roles, skills and places in your profile/),
    ).toBeTruthy();
  });

  it('shows a failure as an alert, and Try again loads again', async () => {
    const { calls, person } = renderMatchesPage(async () => result());
    calls.mockRejectedValueOnce(new BackendFailure('network-error'));
    const alert = await screen.findByText(new BackendFailure('network-error').message);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('article')).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Senior Frontend Engineer' });
    expect(calls).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(new BackendFailure('network-error').message)).toBeNull();
  });

  it('refreshes on request, keeping the list shown while it checks', async () => {
    const { calls, person } = renderMatchesPage(async () => result());
    await screen.findByRole('article');
    let answer: (value: MatchesResult) => void = () => {};
    calls.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await person.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Checking for new matches…')).toBeTruthy();
    expect(page().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('article')).toBeTruthy();
    answer(
      result({ matches: [frontendMatch, { ...frontendMatch, jobId: 8, title: 'Web developer' }] }),
    );
    await screen.findByRole('article', { name: 'Web developer' });
    expect((await listStatus()).textContent).toBe('2 matches, best first.');
    expect(calls).toHaveBeenCalledTimes(2);
  });

  it('shows a guest their matches, with an invitation to register for e-mail alerts', async () => {
    const { calls } = renderMatchesPage(async () => result(), guestUser);
    await screen.findByRole('article', { name: 'Senior Frontend Engineer' });
    expect(calls).toHaveBeenCalledWith({ uid: guestUser.uid, slot: 1 });
    const invite = screen.getByRole('link', {
      name: 'Create an account to get new matches by e-mail',
    });
    expect(invite.getAttribute('href')).toBe(loginPath({ next: PATHS.matches }));
  });

  it('puts a match alerted while the page is open at the top, marked New, and announces it', async () => {
    const { stream } = renderMatchesPage(async () => result());
    await screen.findByRole('article', { name: 'Senior Frontend Engineer' });
    const announcer = document.querySelector('[aria-live="polite"]');
    expect(announcer?.textContent).toBe('');
    act(() => stream.sendBack?.({ type: 'ALERT_ARRIVED', alert: frontendAlert }));
    await waitFor(() =>
      expect(announcer?.textContent).toBe('New match: Staff Web Engineer at Globex'),
    );
    const cards = screen.getAllByRole('article');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Staff Web Engineer', 'Senior Frontend Engineer']);
    expect(within(cards[0]!).getByText('New')).toBeTruthy();
    expect(within(cards[1]!).queryByText('New')).toBeNull();
    expect((await listStatus()).textContent).toBe('2 matches, new first.');
  });

  it('shows the unseen alerts of the load marked New, without announcing them', async () => {
    renderMatchesPage(async () => result({ matches: [], newAlerts: [frontendAlert] }));
    const card = await screen.findByRole('article', { name: 'Staff Web Engineer' });
    expect(within(card).getByText('New')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No matches yet' })).toBeNull();
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe('');
    expect(screen.queryByRole('region', { name: 'New match' })).toBeNull();
  });
});

describe('a match that arrives while the page is open', () => {
  /** The page with its list shown and the Refresh button focused, as someone reading it has. */
  async function pageInUse() {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const opened = renderMatchesPage(async () => result());
    await screen.findByRole('article', { name: 'Senior Frontend Engineer' });
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    refresh.focus();
    act(() => opened.stream.sendBack?.({ type: 'ALERT_ARRIVED', alert: frontendAlert }));
    const toast = await screen.findByRole('region', { name: 'New match' });
    return { ...opened, scrolled, refresh, toast };
  }

  it('shows a toast without taking focus; Show brings the card into view, highlighted and focused', async () => {
    const { person, scrolled, refresh, toast } = await pageInUse();
    expect(toast.textContent).toContain('Staff Web Engineer at Globex');
    expect(document.activeElement).toBe(refresh);
    expect(scrolled).toEqual([]);

    await person.click(within(toast).getByRole('button', { name: 'Show' }));
    const card = screen.getByRole('article', { name: 'Staff Web Engineer' });
    expect(scrolled).toEqual([card]);
    expect(document.activeElement).toBe(card);
    expect(card.classList).toContain('match--highlight');
    expect(
      screen.getByRole('article', { name: 'Senior Frontend Engineer' }).classList,
    ).not.toContain('match--highlight');
    expect(screen.queryByRole('region', { name: 'New match' })).toBeNull();
  });

  it('works from the keyboard, and Dismiss gives focus back where it was', async () => {
    const { person, refresh, toast } = await pageInUse();
    await person.tab();
    expect(document.activeElement).toBe(within(toast).getByRole('button', { name: 'Show' }));
    await person.tab();
    expect(document.activeElement).toBe(within(toast).getByRole('button', { name: 'Dismiss' }));
    await person.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'New match' })).toBeNull();
    expect(document.activeElement).toBe(refresh);
    // The card stays where the list puts new ones, marked New.
    const card = screen.getByRole('article', { name: 'Staff Web Engineer' });
    expect(within(card).getByText('New')).toBeTruthy();
  });

  it('shows the newest arrival when another comes', async () => {
    const { stream } = await pageInUse();
    act(() =>
      stream.sendBack?.({
        type: 'ALERT_ARRIVED',
        alert: { ...frontendAlert, alertId: 102, jobId: 12, title: 'Go developer' },
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'New match' }).textContent).toContain(
        'Go developer at Globex',
      ),
    );
    expect(screen.getAllByRole('region', { name: 'New match' })).toHaveLength(1);
  });
});
