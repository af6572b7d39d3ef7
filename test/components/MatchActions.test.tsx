import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';
import type {
  MatchAction,
  MatchActionsResponse,
  MatchSuggestion,
  PutMatchActionRequest,
} from '../../contract';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import type { MatchRuleChange } from '../../src/machines/matches/matchActionsTypes';
import { matchesMachine, type MatchesResult } from '../../src/machines/matches/matchesMachine';
import { localDay } from '../../src/ui/matches/actionLabels';
import { deferred } from '../support/fakeSessionService';
import { actionsAnswer, CHECKED_AT, frontendMatch, keptAction } from '../support/matchFixtures';
import { registeredUser } from '../support/sessionTestProvider';
import { mountMatchesPage } from './matchesPageHarness';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const otherJob = { ...frontendMatch, jobId: 8, title: 'Frontend Engineer II' };

const loaded: MatchesResult = {
  active: true,
  profiles: [],
  profileMissing: false,
  matches: [frontendMatch, otherJob],
  newAlerts: [],
  watching: null,
  checkedAt: CHECKED_AT,
};

const kept = (jobId: number, state: Partial<MatchAction> = {}): MatchAction =>
  keptAction(jobId, { title: jobId === 7 ? frontendMatch.title : otherJob.title, ...state });
const answer = actionsAnswer;

interface PutInput {
  jobId: number;
  action: PutMatchActionRequest;
}

/** The page with a backend that keeps what is put, unless a test says otherwise. */
function renderPage(
  initial: MatchActionsResponse = answer([]),
  path = '/matches',
  loadFailures: BackendFailure[] = [],
) {
  let actions = initial.actions;
  let hiddenCompanies = initial.hiddenCompanies;
  // As the backend answers a rule: a company hidden or shown again, a suggestion dismissed.
  const putRule = vi.fn<(input: { rule: MatchRuleChange }) => Promise<MatchActionsResponse>>(
    async ({ rule }) => {
      if (rule.kind === 'company') {
        const others = hiddenCompanies.filter((entry) => entry.company !== rule.company);
        hiddenCompanies = rule.hidden ? [{ company: rule.company, hiddenAt: CHECKED_AT }] : others;
      }
      const left = initial.suggestions.filter((each) =>
        rule.kind === 'dismiss' ? each !== rule.suggestion : each.kind !== 'hide-company',
      );
      return answer(actions, left, hiddenCompanies);
    },
  );
  const put = vi.fn<(input: PutInput) => Promise<MatchActionsResponse>>(
    async ({ jobId, action }) => {
      const rest = actions.filter((entry) => entry.jobId !== jobId);
      const nothing = !action.saved && action.appliedOn === null && action.hidden === null;
      actions = nothing ? rest : [kept(jobId, action), ...rest];
      return answer(actions, initial.suggestions);
    },
  );
  const failures = [...loadFailures];
  const loadActions = vi.fn(async () => {
    const failure = failures.shift();
    if (failure) throw failure;
    return initial;
  });
  const logic = matchesMachine.provide({
    actors: {
      loadMatches: fromPromise(async () => loaded),
      markAlertsSeen: fromPromise(async () => {}),
      streamAlerts: fromCallback(() => {}),
      loadActions: fromPromise(() => loadActions()),
      putAction: fromPromise(({ input }) => ('rule' in input ? putRule(input) : put(input))),
    },
  });
  mountMatchesPage(logic, registeredUser, path);
  return { put, putRule, loadActions, person: userEvent.setup({ delay: null }) };
}

const card = (name: string) => screen.findByRole('article', { name });
const first = () => card(frontendMatch.title);
/** A card's control by the name it starts with (the job follows, for screen readers). */
const control = (within_: HTMLElement, name: string) =>
  within(within_).getByRole('button', { name: new RegExp(`^${name}:`) });
/** The hide notice's live region (the page's other polite region announces arrivals). */
const hiddenNotice = () => document.querySelector('.matches-page__hidden [aria-live="polite"]');

describe('acting on a match', () => {
  it('saves and unsaves, busy while the backend answers, sending the whole state', async () => {
    const { put, person } = renderPage(answer([kept(7, { appliedOn: '2026-11-20' })]));
    const job = await first();
    const gate = deferred<MatchActionsResponse>();
    put.mockReturnValueOnce(gate.promise);
    await waitFor(() => expect(control(job, 'Save').getAttribute('aria-disabled')).toBeNull());
    await person.click(control(job, 'Save'));
    const saving = control(job, 'Save');
    expect(saving.textContent).toBe('Saving…');
    expect(saving.getAttribute('aria-busy')).toBe('true');
    gate.resolve(answer([kept(7, { saved: true, appliedOn: '2026-11-20' })]));
    const saved = await waitFor(() => control(job, 'Saved'));
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect(put).toHaveBeenCalledWith(
      expect.objectContaining({
        jobId: 7,
        action: { saved: true, appliedOn: '2026-11-20', hidden: null },
      }),
    );
    await person.click(saved);
    await waitFor(() => expect(control(job, 'Save').getAttribute('aria-pressed')).toBe('false'));
  });

  it('marks applied today, lets the day change in a date field, and clears it', async () => {
    const { put, person } = renderPage();
    const job = await first();
    await waitFor(() =>
      expect(control(job, 'Mark applied').getAttribute('aria-disabled')).toBeNull(),
    );
    await person.click(control(job, 'Mark applied'));
    const day = await within(job).findByLabelText<HTMLInputElement>('Applied on');
    expect(day.type).toBe('date');
    expect(day.value).toBe(localDay());
    expect(put).toHaveBeenLastCalledWith(
      expect.objectContaining({ action: { saved: false, appliedOn: localDay(), hidden: null } }),
    );
    const callsBefore = put.mock.calls.length;
    await person.clear(day);
    await person.type(day, '2026-11-02');
    // Typed segment by segment, the day is sent once, whole, when the field is left.
    expect(put).toHaveBeenCalledTimes(callsBefore);
    await person.tab();
    await waitFor(() => expect(put).toHaveBeenCalledTimes(callsBefore + 1));
    expect(put).toHaveBeenLastCalledWith(
      expect.objectContaining({ action: { saved: false, appliedOn: '2026-11-02', hidden: null } }),
    );
    await person.click(await waitFor(() => control(job, 'Not applied')));
    await waitFor(() => expect(control(job, 'Mark applied')).toBeTruthy());
    expect(put).toHaveBeenLastCalledWith(
      expect.objectContaining({ action: { saved: false, appliedOn: null, hidden: null } }),
    );
  });

  it('says why an emptied day is not sent, and sends nothing', async () => {
    const { put, person } = renderPage(answer([kept(7, { appliedOn: '2026-11-20' })]));
    const day = await within(await first()).findByLabelText<HTMLInputElement>('Applied on');
    const callsBefore = put.mock.calls.length;
    await person.clear(day);
    await person.tab();
    await waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    const problem = document.getElementById(day.getAttribute('aria-describedby') ?? '');
    expect(problem?.textContent).toBe('Enter the day you applied, or choose Not applied.');
    expect(problem?.getAttribute('role')).toBe('alert');
    expect(put).toHaveBeenCalledTimes(callsBefore);
  });

  it('hides with a reason from a dialog: the card leaves at once, and Undo brings it back', async () => {
    const { put, person } = renderPage();
    const job = await first();
    await waitFor(() => expect(control(job, 'Hide').getAttribute('aria-disabled')).toBeNull());
    await person.click(control(job, 'Hide'));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this job?' });
    const reasons = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(reasons).toEqual([
      'Wrong place',
      'Wrong level',
      'Pay too low',
      'Wrong role',
      'Not this company',
    ]);
    await person.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose why to hide it.');
    expect(put).not.toHaveBeenCalled();

    await person.click(within(dialog).getByRole('radio', { name: 'Pay too low' }));
    await person.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('article', { name: frontendMatch.title })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(hiddenNotice()?.textContent).toBe(`Hidden: ${frontendMatch.title} at Acme Cloud.`);
    const undo = screen.getByRole('button', { name: /^Undo/ });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        expect.objectContaining({
          jobId: 7,
          action: { saved: false, appliedOn: null, hidden: 'pay' },
        }),
      ),
    );

    await person.keyboard('{Enter}');
    const back = await first();
    expect(document.activeElement).toBe(back);
    expect(hiddenNotice()?.textContent).toBe('');
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith(
        expect.objectContaining({
          jobId: 7,
          action: { saved: false, appliedOn: null, hidden: null },
        }),
      ),
    );
  });

  it('Cancel keeps the job and hides nothing', async () => {
    const { put, person } = renderPage();
    const job = await first();
    await person.click(control(job, 'Hide'));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this job?' });
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await first()).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it.each([
    ['match-actions-limit', 'hide', 'Hiding failed; the job is back.'],
    ['network-error', 'save', 'Saving failed.'],
    ['match-applied-date-invalid', 'apply', 'Marking it applied failed.'],
    ['timed-out', 'save', 'Saving failed.'],
  ] as const)('says what failed and why on the card (%s)', async (code, kind, what) => {
    const { put, person } = renderPage();
    const job = await first();
    put.mockRejectedValueOnce(new BackendFailure(code));
    await waitFor(() => expect(control(job, 'Save').getAttribute('aria-disabled')).toBeNull());
    if (kind === 'hide') {
      await person.click(control(job, 'Hide'));
      const dialog = await screen.findByRole('dialog');
      await person.click(within(dialog).getByRole('radio', { name: 'Wrong role' }));
      await person.click(within(dialog).getByRole('button', { name: 'Hide' }));
    } else {
      await person.click(control(job, kind === 'save' ? 'Save' : 'Mark applied'));
    }
    const back = await first();
    const alert = await within(back).findByRole('alert');
    expect(alert.textContent).toBe(`${what} ${new BackendFailure(code).message}`);
    expect(hiddenNotice()?.textContent).toBe('');
    expect(control(back, 'Save').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('the Saved and Applied views', () => {
  const saved = kept(7, { saved: true, closed: true, hidden: 'pay' });
  const applied = kept(8, { appliedOn: '2026-11-20' });

  it('lists the saved jobs, closed postings marked, and Unsave takes one off', async () => {
    const { person } = renderPage(answer([applied, saved]), '/matches?view=saved');
    const views = await screen.findByRole('navigation', { name: 'Which jobs to show' });
    const current = within(views).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Saved (1)');
    expect(within(views).getByRole('link', { name: 'Applied (1)' }).getAttribute('href')).toBe(
      '/matches?view=applied',
    );
    const item = (await screen.findByRole('link', { name: frontendMatch.title })).closest('li')!;
    expect(within(item).getByText('Acme Cloud')).toBeTruthy();
    expect(within(item).getByText('Closed: the posting is no longer open.')).toBeTruthy();
    expect(within(item).getByText('Hidden from your matches: pay too low.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    await person.click(control(item, 'Unsave'));
    expect(
      await screen.findByText('No saved jobs yet. Save a match to keep it here.'),
    ).toBeTruthy();
  });

  it('lists the applied jobs with the day, and Not applied takes one off', async () => {
    const { put, person } = renderPage(answer([applied, saved]), '/matches?slot=1&view=applied');
    const item = (await screen.findByRole('link', { name: otherJob.title })).closest('li')!;
    expect(item.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20');
    expect(item.textContent).toContain('Applied on Nov 20, 2026');
    expect(screen.queryByRole('link', { name: frontendMatch.title })).toBeNull();
    await person.click(control(item, 'Not applied'));
    expect(await screen.findByText('No jobs marked applied yet.')).toBeTruthy();
    expect(put).toHaveBeenCalledWith(
      expect.objectContaining({
        jobId: 8,
        action: { saved: false, appliedOn: null, hidden: null },
      }),
    );
  });

  it('says why the actions could not be read, and Try again reads them', async () => {
    const { loadActions, person } = renderPage(answer([saved]), '/matches?view=saved', [
      new BackendFailure('timed-out'),
    ]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      new BackendFailure('timed-out').message,
    );
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: frontendMatch.title })).toBeTruthy();
    expect(loadActions).toHaveBeenCalledTimes(2);
  });
});

describe('suggestions from hides', () => {
  const company: MatchSuggestion = { kind: 'hide-company', company: 'Acme Cloud', hides: 2 };
  const pay: MatchSuggestion = { kind: 'profile-field', field: 'minSalary', hides: 3 };

  it('hides every job of a company with one call when accepted', async () => {
    const { put, putRule, person } = renderPage(answer([], [company, pay]));
    const offers = await screen.findByRole('region', { name: 'Suggestions from what you hid' });
    expect(offers.textContent).toContain(
      'You hid 2 jobs of Acme Cloud for the company. Hide all its jobs, now and later?',
    );
    expect(putRule).not.toHaveBeenCalled();
    await person.click(within(offers).getByRole('button', { name: 'Hide Acme Cloud’s jobs' }));
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(0));
    await waitFor(() => expect(putRule).toHaveBeenCalledTimes(1));
    expect(putRule.mock.calls[0]?.[0].rule).toEqual({
      kind: 'company',
      company: 'Acme Cloud',
      hidden: true,
    });
    expect(put).not.toHaveBeenCalled();
    expect(hiddenNotice()?.textContent).toBe('Hidden: every job of Acme Cloud.');
    const undo = screen.getByRole('button', { name: 'Undo: show every job of Acme Cloud again' });
    expect(document.activeElement).toBe(undo);
  });

  it('links a profile field to the profile, and Not now is kept by the backend', async () => {
    const { put, putRule, person } = renderPage(answer([], [pay]));
    const offers = await screen.findByRole('region', { name: 'Suggestions from what you hid' });
    expect(offers.textContent).toContain('You hid 3 jobs for their pay.');
    const link = within(offers).getByRole('link', { name: 'Look at your salary floor' });
    expect(link.getAttribute('href')).toBe('/profile');
    await person.click(within(offers).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Suggestions from what you hid' })).toBeNull();
    await waitFor(() => expect(putRule).toHaveBeenCalledTimes(1));
    expect(putRule.mock.calls[0]?.[0].rule).toEqual({ kind: 'dismiss', suggestion: pay });
    expect(put).not.toHaveBeenCalled();
  });

  it('lists the hidden companies under the saved jobs, and Show again lifts the rule', async () => {
    const hidden = [{ company: 'Initech', hiddenAt: CHECKED_AT }];
    const { putRule, person } = renderPage(answer([], [], hidden), '/matches?view=saved');
    const list = await screen.findByRole('region', { name: 'Companies you hide' });
    await person.click(within(list).getByRole('button', { name: 'Show again: Initech' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Companies you hide' })).toBeNull(),
    );
    expect(putRule.mock.calls.map(([call]) => call.rule)).toEqual([
      { kind: 'company', company: 'Initech', hidden: false },
    ]);
  });
});
