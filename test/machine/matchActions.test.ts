import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type {
  MatchActionsResponse,
  MatchSuggestion,
  PutMatchActionRequest,
  ProfileSlot,
} from '../../contract';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import {
  isHidden,
  isPending,
  offeredSuggestions,
  type MatchRuleChange,
} from '../../src/machines/matches/matchActionsTypes';
import { matchesMachine, type MatchesResult } from '../../src/machines/matches/matchesMachine';
import { deferred } from '../support/fakeSessionService';
import {
  actionsAnswer,
  CHECKED_AT,
  frontendAlert,
  frontendMatch,
  keptAction,
} from '../support/matchFixtures';

const otherAcmeJob = { ...frontendMatch, jobId: 8, title: 'Frontend Engineer II' };

const found: MatchesResult = {
  active: true,
  profileMissing: false,
  matches: [frontendMatch, otherAcmeJob],
  newAlerts: [frontendAlert],
  watching: null,
  profiles: [],
  checkedAt: CHECKED_AT,
};

const kept = keptAction;
const answer = actionsAnswer;

interface RuleCall {
  slot: ProfileSlot;
  rule: MatchRuleChange;
}

interface PutCall {
  slot: ProfileSlot;
  jobId: number;
  action: PutMatchActionRequest;
}

function fakeMachine(initial: MatchActionsResponse = answer([])) {
  const loadActions = vi.fn<(input: { slot: ProfileSlot }) => Promise<MatchActionsResponse>>(
    async () => initial,
  );
  const putAction = vi.fn<(input: PutCall) => Promise<MatchActionsResponse>>(
    async ({ jobId, action }) => answer([kept(jobId, action)], initial.suggestions),
  );
  // As the backend answers: a hidden company is no longer suggested, nor a dismissed suggestion.
  const putRule = vi.fn<(input: RuleCall) => Promise<MatchActionsResponse>>(async ({ rule }) => {
    const gone = (each: MatchSuggestion) =>
      rule.kind === 'dismiss'
        ? JSON.stringify(each) === JSON.stringify(rule.suggestion)
        : rule.hidden && each.kind === 'hide-company' && each.company === rule.company;
    const hidden = rule.kind === 'company' && rule.hidden;
    return answer(
      [],
      initial.suggestions.filter((each) => !gone(each)),
      hidden ? [{ company: rule.company, hiddenAt: CHECKED_AT }] : [],
    );
  });

  const loadMatches = vi.fn(async () => found);
  const actor = createActor(
    matchesMachine.provide({
      actors: {
        loadMatches: fromPromise(() => loadMatches()),
        markAlertsSeen: fromPromise(async () => {}),
        streamAlerts: fromCallback(() => {}),
        loadActions: fromPromise(({ input }) => loadActions(input)),
        putAction: fromPromise(({ input }) =>
          'rule' in input ? putRule(input) : putAction(input),
        ),
      },
    }),
  ).start();
  return { actor, loadActions, putAction, putRule, loadMatches };
}

type Actor = ReturnType<typeof fakeMachine>['actor'];
const ready = (actor: Actor) =>
  waitFor(actor, (snapshot) => snapshot.matches({ open: { actions: { ready: 'idle' } } }));
const loaded = async (actor: Actor) => {
  actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
  await waitFor(actor, (snapshot) => snapshot.matches({ open: { list: 'loaded' } }));
  await ready(actor);
};

describe('acting on matches in the matches machine', () => {
  it('reads the slot’s actions and only then accepts changes', async () => {
    const { actor, loadActions, putAction } = fakeMachine(answer([kept(7, { saved: true })]));
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    expect(actor.getSnapshot().hasTag('actionsReady')).toBe(false);
    actor.send({ type: 'SAVE', jobId: 8, saved: true });
    await ready(actor);
    expect(loadActions).toHaveBeenCalledWith({ uid: 'alice', slot: 1 });
    expect(actor.getSnapshot().context.actions).toEqual([kept(7, { saved: true })]);
    expect(actor.getSnapshot().context.queue).toEqual([]);
    expect(putAction).not.toHaveBeenCalled();
  });

  it('sends the job’s whole state, keeping what the backend holds', async () => {
    const { actor, putAction } = fakeMachine(answer([kept(7, { saved: true })]));
    await loaded(actor);
    actor.send({ type: 'APPLY', jobId: 7, appliedOn: '2026-11-20' });
    expect(isPending(actor.getSnapshot().context, 7, 'apply')).toBe(true);
    expect(isPending(actor.getSnapshot().context, 7, 'save')).toBe(false);
    await ready(actor);
    expect(putAction).toHaveBeenCalledWith({
      uid: 'alice',
      slot: 1,
      jobId: 7,
      action: { saved: true, appliedOn: '2026-11-20', hidden: null },
    });
    expect(actor.getSnapshot().context.actions[0]?.appliedOn).toBe('2026-11-20');
    expect(isPending(actor.getSnapshot().context, 7, 'apply')).toBe(false);
  });

  it('sends changes one at a time, each on the answer before it', async () => {
    const { actor, putAction } = fakeMachine();
    await loaded(actor);
    const first = deferred<MatchActionsResponse>();
    putAction.mockReturnValueOnce(first.promise);
    actor.send({ type: 'SAVE', jobId: 7, saved: true });
    actor.send({ type: 'APPLY', jobId: 7, appliedOn: '2026-11-21' });
    expect(putAction).toHaveBeenCalledTimes(1);
    first.resolve(answer([kept(7, { saved: true })]));
    await ready(actor);
    expect(putAction).toHaveBeenCalledTimes(2);
    expect(putAction.mock.calls[1]?.[0].action).toEqual({
      saved: true,
      appliedOn: '2026-11-21',
      hidden: null,
    });
  });

  it('hides a job at once, offers Undo, and Undo brings it back', async () => {
    const { actor, putAction } = fakeMachine();
    await loaded(actor);
    const hide = deferred<MatchActionsResponse>();
    putAction.mockReturnValueOnce(hide.promise);
    actor.send({ type: 'HIDE', jobId: 7, reason: 'pay' });
    expect(isHidden(actor.getSnapshot().context, 7)).toBe(true);
    expect(actor.getSnapshot().context.hiddenOffer).toEqual({
      jobIds: [7],
      what: `${frontendMatch.title} at ${frontendMatch.company}`,
      error: null,
    });
    hide.resolve(answer([kept(7, { hidden: 'pay' })]));
    await ready(actor);
    expect(isHidden(actor.getSnapshot().context, 7)).toBe(true);
    actor.send({ type: 'UNDO_HIDE' });
    expect(actor.getSnapshot().context.hiddenOffer).toBeNull();
    expect(isHidden(actor.getSnapshot().context, 7)).toBe(false);
    putAction.mockResolvedValueOnce(answer([]));
    await ready(actor);
    expect(putAction).toHaveBeenLastCalledWith(
      expect.objectContaining({
        jobId: 7,
        action: { saved: false, appliedOn: null, hidden: null },
      }),
    );
    expect(isHidden(actor.getSnapshot().context, 7)).toBe(false);
  });

  it('reads the list again when Undo shows a job a refresh has left out', async () => {
    const { actor, loadMatches } = fakeMachine();
    await loaded(actor);
    actor.send({ type: 'HIDE', jobId: 8, reason: 'pay' });
    await ready(actor);
    // The backend leaves the hidden job out of the matches it answers.
    loadMatches.mockResolvedValueOnce({ ...found, matches: [frontendMatch] });
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { list: 'loaded' } }));
    expect(actor.getSnapshot().context.matches.map((job) => job.jobId)).toEqual([7]);
    actor.send({ type: 'UNDO_HIDE' });
    await ready(actor);
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { list: 'loaded' } }));
    expect(loadMatches).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.matches.map((job) => job.jobId)).toEqual([7, 8]);
  });

  it('brings a job back with the error when its hide fails, and forgets the error on the next change', async () => {
    const { actor, putAction } = fakeMachine();
    await loaded(actor);
    putAction.mockRejectedValueOnce(new BackendFailure('match-actions-limit'));
    actor.send({ type: 'HIDE', jobId: 7, reason: 'role' });
    await ready(actor);
    const { context } = actor.getSnapshot();
    expect(isHidden(context, 7)).toBe(false);
    expect(context.hiddenOffer).toBeNull();
    expect(context.failures).toEqual([
      {
        jobId: 7,
        kind: 'hide',
        error: {
          code: 'match-actions-limit',
          message: new BackendFailure('match-actions-limit').message,
        },
      },
    ]);
    actor.send({ type: 'SAVE', jobId: 7, saved: true });
    expect(actor.getSnapshot().context.failures).toEqual([]);
  });

  it('offers Undo again with the error when the undo fails, the job staying hidden', async () => {
    const { actor, putAction } = fakeMachine(answer([kept(7, { hidden: 'place' })]));
    await loaded(actor);
    actor.send({ type: 'HIDE', jobId: 8, reason: 'level' });
    await ready(actor);
    putAction.mockRejectedValueOnce(new BackendFailure('network-error'));
    actor.send({ type: 'UNDO_HIDE' });
    await ready(actor);
    const { context } = actor.getSnapshot();
    expect(isHidden(context, 8)).toBe(true);
    expect(context.hiddenOffer).toMatchObject({
      jobIds: [8],
      what: 'Job 8 at Acme Cloud',
      error: { code: 'network-error' },
    });
  });

  it('hides every job of a company with one rule when asked, and Undo shows them again', async () => {
    const suggestion = { kind: 'hide-company', company: 'Acme Cloud', hides: 2 } as const;
    const floor = { kind: 'profile-field', field: 'minSalary', hides: 2 } as const;
    const { actor, putAction, putRule, loadMatches } = fakeMachine(answer([], [suggestion, floor]));
    await loaded(actor);
    expect(putRule).not.toHaveBeenCalled();
    expect(offeredSuggestions(actor.getSnapshot().context)).toEqual([suggestion, floor]);
    actor.send({ type: 'HIDE_COMPANY', company: 'Acme Cloud' });
    // Every listed job of the company leaves at once; another company's alert stays.
    expect(actor.getSnapshot().context).toMatchObject({ matches: [], newAlerts: [frontendAlert] });
    await ready(actor);
    expect(putRule.mock.calls.map(([call]) => call)).toEqual([
      { uid: 'alice', slot: 1, rule: { kind: 'company', company: 'Acme Cloud', hidden: true } },
    ]);
    expect(putAction).not.toHaveBeenCalled();
    const { context } = actor.getSnapshot();
    expect(context.hiddenCompanies).toEqual([{ company: 'Acme Cloud', hiddenAt: CHECKED_AT }]);
    expect(offeredSuggestions(context)).toEqual([floor]);
    expect(context.hiddenOffer).toEqual({
      jobIds: [],
      company: 'Acme Cloud',
      what: 'every job of Acme Cloud',
      error: null,
    });
    actor.send({ type: 'UNDO_HIDE' });
    await ready(actor);
    expect(putRule.mock.lastCall?.[0].rule).toEqual({
      kind: 'company',
      company: 'Acme Cloud',
      hidden: false,
    });
    // The list reads again: the backend lists the company's jobs once more.
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { list: 'loaded' } }));
    expect(loadMatches).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.hiddenCompanies).toEqual([]);
  });

  it('keeps a dismissal on the backend, and offers the suggestion again if it is refused', async () => {
    const floor = { kind: 'profile-field', field: 'minSalary', hides: 2 } as const;
    const { actor, putRule } = fakeMachine(answer([], [floor]));
    await loaded(actor);
    putRule.mockRejectedValueOnce(new BackendFailure('match-suggestion-unknown'));
    actor.send({ type: 'DISMISS_SUGGESTION', suggestion: floor });
    expect(offeredSuggestions(actor.getSnapshot().context)).toEqual([]);
    await ready(actor);
    expect(actor.getSnapshot().context.ruleError?.code).toBe('match-suggestion-unknown');
    expect(offeredSuggestions(actor.getSnapshot().context)).toEqual([floor]);
    actor.send({ type: 'DISMISS_SUGGESTION', suggestion: floor });
    await ready(actor);
    expect(putRule.mock.calls.map(([call]) => call.rule)).toEqual([
      { kind: 'dismiss', suggestion: floor },
      { kind: 'dismiss', suggestion: floor },
    ]);
    expect(actor.getSnapshot().context.ruleError).toBeNull();
    expect(offeredSuggestions(actor.getSnapshot().context)).toEqual([]);
  });

  it('says why the actions could not be read, and RETRY_ACTIONS reads them again', async () => {
    const { actor, loadActions } = fakeMachine();
    loadActions.mockRejectedValueOnce(new BackendFailure('timed-out'));
    actor.send({ type: 'LOAD', uid: 'alice', slot: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: { actions: 'failed' } }));
    expect(actor.getSnapshot().context.actionsError?.code).toBe('timed-out');
    actor.send({ type: 'HIDE', jobId: 7, reason: 'pay' });
    expect(actor.getSnapshot().context.queue).toEqual([]);
    actor.send({ type: 'RETRY_ACTIONS' });
    await ready(actor);
    expect(loadActions).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.actionsError).toBeNull();
  });

  it('drops another profile’s queued changes and reads the new slot’s actions', async () => {
    const { actor, putAction, loadActions } = fakeMachine();
    await loaded(actor);
    putAction.mockReturnValueOnce(new Promise(() => {}));
    actor.send({ type: 'SAVE', jobId: 7, saved: true });
    actor.send({ type: 'HIDE', jobId: 8, reason: 'pay' });
    actor.send({ type: 'LOAD', uid: 'alice', slot: 2 });
    expect(actor.getSnapshot().context).toMatchObject({ queue: [], hiddenOffer: null });
    await ready(actor);
    expect(loadActions).toHaveBeenLastCalledWith({ uid: 'alice', slot: 2 });
    expect(putAction).toHaveBeenCalledTimes(1);
  });
});
