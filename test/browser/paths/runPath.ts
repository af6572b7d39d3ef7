/**
 * Runs one planned path in a fresh browser context and checks, after every step, what the person
 * sees (header word, page, alert and notice texts, the busy button) and what the SDK persisted.
 *
 * The shape is @xstate/graph's `testPath(path, { states, events })`: the events map is
 * ./realisations.ts (event type -> how a person or the world produces it); the states maps are here
 * (session status and operation tag -> what the page shows). `TestModel.testPath` itself is not
 * used: its event executors get only the event and the state after it, while a realisation needs
 * the state before it and the next step (a sign-in typed wrong because the path says it fails),
 * holds armed before the event for the states it passes through, and checks that depend on how
 * the step was produced (a held request, a state that passes at once); and `createTestModel`
 * rejects machines that invoke actors.
 */
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { transition } from 'xstate';
import { SDK_OWNED_TIMINGS } from '../../../src/machines/session/sessionConstants';
import { sessionMachine } from '../../../src/machines/session/sessionMachine';
import type { SessionOperation } from '../../../src/machines/session/sessionTypes';
import {
  ADDRESSED_NOTICE_CATALOGUE,
  NOTICE_CATALOGUE,
} from '../../../src/machines/session/noticeCatalogue';
import {
  toSessionView,
  type SessionStatus,
  type SessionView,
} from '../../../src/ui/session/sessionView';
import type { SessionSnapshot } from '../../machine/sessionModel';
import { stateIds, type ModelStep } from './pathModel';
import {
  entersPassingState,
  holdableRequest,
  isSettlementOf,
  realEvent,
  type RunState,
  type StepRealisation,
} from './realisations';
import { liveTexts, requestsInFlight, SESSION_WORD, sessionLink } from '../support/pageDriver';
import { World } from './world';

export interface PlannedPath {
  description: string;
  steps: ModelStep[];
  realisations: StepRealisation[];
}

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
}

/** The notices the machine gives; other role=status texts (progress) are not session notices. */
const NOTICES = new Set<string>(Object.values(NOTICE_CATALOGUE));
/** Notices that name an address, as the text around the address. */
const ADDRESSED_NOTICES = Object.entries(ADDRESSED_NOTICE_CATALOGUE).map(
  ([code, make]) => [code, make('\u0000').split('\u0000')] as const,
);

/**
 * A session notice as the check compares it (a notice naming an address by its code: the model's
 * address is not the real one), or null for another status text (progress).
 */
function noticeShape(text: string): string | null {
  if (NOTICES.has(text)) return text;
  const addressed = ADDRESSED_NOTICES.find(
    ([, [before = '', after = '']]) => text.startsWith(before) && text.endsWith(after),
  );
  return addressed ? `(${addressed[0]})` : null;
}

/** A busy button's label that depends on the page the operation runs on. */
type BusyLabel = string | null | 'unchecked' | ((run: RunState) => string);

/**
 * What the page shows while each operation runs (by its tag): the busy button's label as the
 * person sees it; null when no button is busy; `unchecked` when it depends on the action that led
 * there (a switch continues the sign-up or Google sign-in).
 */
const BUSY_LABELS: Record<SessionOperation, BusyLabel> = {
  createAccount: 'Creating account…',
  signIn: 'Signing in…',
  continueWithGoogle: 'Waiting for Google…',
  redirectToGoogle: 'Redirecting to Google…',
  sendPasswordReset: (run) =>
    run.world.pathname() === '/account' ? 'Sending…' : 'Sending reset email…',
  confirmPasswordReset: 'Saving…',
  changePassword: 'Changing password…',
  reauthenticate: 'Confirming…',
  refreshSession: 'Checking…',
  deleteAccount: 'Deleting…',
  signOut: 'Signing out…',
  // No busy label of their own: starting a guest, and a switch (it continues the action that found it).
  startGuest: null,
  restoreSession: null,
  switchAccount: 'unchecked',
  // Its label depends on the choice ("Bringing it…", "Leaving it…"); carryOver.test.ts checks it.
  carryOver: 'unchecked',
  sendSignInLink: 'Sending link…',
  // Opening the link completes by itself; only a typed address has a button.
  completeSignInLink: 'unchecked',
  sendEmailVerification: 'Sending…',
  applyEmailAction: null,
  changeEmail: 'Sending link…',
};

function busyLabel(operation: SessionOperation, run: RunState): string | null | 'unchecked' {
  const label = BUSY_LABELS[operation];
  return typeof label === 'function' ? label(run) : label;
}

/** The alerts and the notices the view gives; `alertsOnly` for a state that passes at once. */
async function expectMessages(run: RunState, view: SessionView, alertsOnly = false): Promise<void> {
  const page = run.world.page;
  const error = view.error?.message;
  await expect
    .poll(() => liveTexts(page, 'alert'), { timeout: 15_000 })
    .toEqual(error ? [error] : []);
  if (alertsOnly) return;
  await expect
    .poll(
      async () => (await liveTexts(page, 'status')).flatMap((text) => noticeShape(text) ?? []),
      {
        timeout: 15_000,
      },
    )
    .toEqual(view.notice ? [noticeShape(view.notice.message)] : []);
}

/** The header and the page of a known session: the session word, and /account only when registered. */
async function expectSessionKind(run: RunState, kind: 'guest' | 'registered'): Promise<void> {
  const header = sessionLink(run.world.page, kind);
  await header.waitFor();
  expect(await header.innerText()).toContain(SESSION_WORD[kind]);
  const expectedPath = kind === 'registered' && !run.actionView ? '/account' : '/login';
  await expect.poll(() => run.world.pathname(), { timeout: 15_000 }).toBe(expectedPath);
}

/**
 * What the page shows for each session status the UI tells apart (`toSessionView`, from the
 * state's tags and user); restoring is the page's busy marker, checked for every status.
 */
const PAGE_FOR_STATUS: Record<SessionStatus, (run: RunState) => Promise<void>> = {
  restoring: async () => undefined,
  guest: (run) => expectSessionKind(run, 'guest'),
  registered: (run) => expectSessionKind(run, 'registered'),
  failed: (run) => run.world.page.getByRole('button', { name: 'Retry', exact: true }).waitFor(),
};

async function expectSettledView(run: RunState, view: SessionView): Promise<void> {
  const page = run.world.page;
  // The page says it is still restoring (a returning user's word shows from a hint meanwhile),
  // or, on an e-mailed link's page, that it is applying the link.
  const pageBusy = view.status === 'restoring' || view.operation === 'applyEmailAction';
  await expect
    .poll(() => page.locator('[aria-busy="true"]:not(button)').count(), { timeout: 30_000 })
    .toBe(pageBusy ? 1 : 0);
  await PAGE_FOR_STATUS[view.status](run);
  const label = view.operation ? busyLabel(view.operation, run) : null;
  if (label === 'unchecked') return;
  if (label) {
    await expect
      .poll(() => page.locator('button[aria-busy="true"]').allInnerTexts(), { timeout: 15_000 })
      .toEqual([label]);
  } else {
    await expect
      .poll(() => page.locator('button[aria-busy="true"]').count(), { timeout: 15_000 })
      .toBe(0);
  }
}

async function expectPersisted(run: RunState, expected: SessionSnapshot): Promise<void> {
  const user = expected.context.user;
  const wanted = run.expectedUid;
  await expect
    .poll(
      async () => {
        const persisted = await run.world.persistedUser();
        if (!persisted) return 'none';
        const kind = persisted.isAnonymous ? 'guest' : 'registered';
        return wanted && persisted.uid !== wanted ? `${kind} with another uid` : kind;
      },
      { timeout: 15_000 },
    )
    .toBe(user === null ? 'none' : user.isAnonymous ? 'guest' : 'registered');
  run.expectedUid = null;
}

export async function runPlannedPath(
  browser: Browser,
  appUrl: string,
  planned: PlannedPath,
  coverage: Coverage,
): Promise<void> {
  const { steps, realisations } = planned;
  const world = await World.open(browser, appUrl, {
    fakeClock: realisations.some((realisation) => realisation.needsFakeClock),
  });
  try {
    const run: RunState = {
      world,
      steps,
      realisations,
      holds: new Map(),
      existing: await World.existingAccount('paths-existing'),
      googleOwner: realisations.some((realisation) => realisation.needsGoogleOwner)
        ? await World.existingGoogleAccount('paths-google')
        : null,
      own: null,
      ownEmail: World.freshEmail('paths-own'),
      popup: null,
      actionView: false,
      expectedUid: null,
    };
    let expected = steps[0]?.before;
    for (const step of steps) {
      const realisation = realisations[step.index];
      if (!realisation || !expected) throw new Error('unplanned step');
      const before: SessionSnapshot = expected;
      try {
        expected = await runStep(run, step, realisation, before);
      } catch (error) {
        const what = `${step.event.type} from ${JSON.stringify(before.value)}: ${realisation.how}`;
        const page = await world.page
          .locator('main')
          .innerText()
          .catch(() => '(no page)');
        throw new Error(
          `Step ${step.index} (${what}) failed: ${String(error)}\n` +
            `The page (${world.page.url()}):\n${page}\nConsole errors:\n${world.consoleErrors.join('\n')}\n` +
            `Console warnings:\n${world.consoleWarnings.join('\n')}\n` +
            `The second tab, ${await world.describeSecondTab()}\n` +
            `Requests in flight: ${requestsInFlight(world.page).join('; ') || 'none'}\n` +
            heldRequestsReport(run),
          { cause: error },
        );
      }
      [...step.transitions, ...step.passesThrough.transitions].forEach((id) =>
        coverage.transitions.add(id),
      );
      [...step.passesThrough.states, ...stateIds(expected.value)].forEach((id) =>
        coverage.states.add(id),
      );
    }
    const allowed = realisations.flatMap((realisation) => realisation.expectedConsoleErrors ?? []);
    expect(
      world.consoleErrors.filter((line) => !allowed.some((pattern) => pattern.test(line))),
    ).toEqual([]);
  } finally {
    await world.close();
  }
}

async function runStep(
  run: RunState,
  step: ModelStep,
  realisation: StepRealisation,
  before: SessionSnapshot,
): Promise<SessionSnapshot> {
  // A second tab takes part only in the step that makes its change: left open, it would follow
  // this tab's later sign-out and start its own guest, racing the guest this tab's path holds.
  await run.world.closeSecondTab();
  armHolds(run, run.realisations, step.index);
  await realisation.act(run, step);
  const [expected] = transition(sessionMachine, before, realEvent(step, realisation));
  expect(expected.value).toEqual(step.after.value);

  const view = toSessionView(expected);
  const held = run.holds.get(step.index);
  if (entersPassingState(run.steps, step, realisation)) {
    // It settles by itself at once; the next step looks at the outcome. A popup that fails at once
    // (blocked, no gapi) already shows its error. The error stays, but the notice is the outcome's
    // (a sign-out's settles into "you are signed out" before the page can be read).
    if (!step.after.matches('popupPending')) await expectMessages(run, view, true);
    return expected;
  }
  if (held) await held.arrived();
  await expectMessages(run, view);
  await expectSettledView(run, view);
  if (!realisation.persistedDiffers) await expectPersisted(run, expected);
  return expected;
}

/**
 * Before a step's action: hold the request of each state it enters, and of the states it passes
 * through on its own (a sign-out goes on to a new guest at once), so each can be looked at.
 */
function armHolds(run: RunState, realisations: StepRealisation[], from: number): void {
  for (let index = from; index < run.steps.length; index += 1) {
    const step = run.steps[index];
    const realisation = realisations[index];
    const previous = run.steps[index - 1];
    if (!step || !realisation) return;
    if (index > from && (!previous || !isSettlementOf(step, previous))) return;
    const endpoint = holdableRequest(step);
    if (endpoint && !run.holds.has(index)) run.holds.set(index, run.world.hold(endpoint));
    // A held state waits for the next step; a passing one settles at once, into the next step.
    if (endpoint || !entersPassingState(run.steps, step, realisation)) return;
  }
}

/** The Firebase SDK's own time limit on a request (the short one, a desktop browser's). */
function sdkRequestTimeoutMs(): number {
  const timing = SDK_OWNED_TIMINGS.find((one) => one.identifier === 'DEFAULT_API_TIMEOUT_MS');
  if (timing === undefined) throw new Error('SDK_OWNED_TIMINGS lost the request timeout');
  return typeof timing.value === 'number' ? timing.value : timing.value[0];
}

/**
 * The requests still held when a step failed, and for how long: one held past the SDK's own time
 * limit fails in the page as a network error, which says the machine ran the path too slowly.
 */
function heldRequestsReport(run: RunState): string {
  const lines = [...run.holds.values()].flatMap((held) => {
    const ms = held.heldForMs();
    if (ms === null) return [];
    const past = ms >= sdkRequestTimeoutMs() ? ", past the Firebase SDK's own time limit" : '';
    return [`${held.endpoint} held for ${(ms / 1000).toFixed(1)} s${past}`];
  });
  return `Requests held: ${lines.length > 0 ? lines.join('; ') : 'none'}`;
}
