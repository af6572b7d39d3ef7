import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { declaredStates, declaredTransitions, sessionPaths } from '../../machine/sessionModel';
import { endFileContexts, sharedTestChromium } from '../../support/browser';
import { EXCLUDED_TRANSITIONS, EXCLUSION_RULES } from './exclusions';
import { stateIds } from './pathModel';
import { runPlannedPath, type Coverage, type PlannedPath } from './runPath';
import { COVERED_BY_SELECTED, selectPaths } from './selection';

/**
 * The session statechart's generated paths (the same graph as the machine-level tests,
 * test/machine/sessionModel.ts) driven through the built app in Chromium against the Auth
 * Emulator. See ./realisations.ts for how each step is produced for real, and ./exclusions.ts for
 * which steps the browser cannot produce (and why).
 *
 * The selected paths run in two files, side by side: those where another tab changes the user
 * (it reaches this tab through the SDK's storage polls, which a busy machine delays: two files of
 * them at once made the change arrive too late for the driver), and those of this tab alone (they
 * mostly wait on the page and the emulator). Browser-level coverage counts a step's transitions
 * once the page showed what the step's state means to the
 * person (header, page, alert, notice, busy button) and the SDK persisted the matching user: the
 * production build exposes no inspection, so the machine's own microsteps are not read. What the
 * selected paths cover together is known before they run (each step's transitions, replayed in the
 * pure machine); each part checks that its runs covered all of its share.
 */

/** The floor the paths reach together (a change that loses coverage fails). */
const STATE_FLOOR = 29;
const TRANSITION_FLOOR = 137;
/** Which of the selected paths a file runs. */
export type PathFamily = 'another tab changes the user' | 'this tab alone';

const familyOf = (path: PlannedPath): PathFamily =>
  path.steps.some((step) => step.event.type === 'AUTH_CHANGED')
    ? 'another tab changes the user'
    : 'this tab alone';

const selection = selectPaths(sessionPaths());

/** What a path covers once every step of it has shown its state in the page. */
function plannedCoverage(paths: readonly PlannedPath[]): Coverage {
  const coverage: Coverage = { states: new Set(), transitions: new Set() };
  for (const step of paths.flatMap((path) => path.steps)) {
    [...step.transitions, ...step.passesThrough.transitions].forEach((id) =>
      coverage.transitions.add(id),
    );
    [...step.passesThrough.states, ...stateIds(step.after.value)].forEach((id) =>
      coverage.states.add(id),
    );
  }
  return coverage;
}

function missingFrom(expected: Set<string>, actual: Set<string>): string[] {
  return [...expected].filter((id) => !actual.has(id)).sort();
}

/** The checks of the whole selection, which need no browser. */
function describePlanning(): void {
  it('plans every generated path: run, or not run for a listed reason', () => {
    expect(selection.mismatches).toEqual([]);
    expect(selection.selected.length + selection.notRun.length).toBe(selection.generated);
    const reasons = new Set<string>([COVERED_BY_SELECTED, ...Object.values(EXCLUSION_RULES)]);
    expect(selection.notRun.filter((path) => !reasons.has(path.reason))).toEqual([]);
    const usedRules = new Set([
      ...selection.notRun.flatMap((path) => path.rules),
      ...Object.values(EXCLUDED_TRANSITIONS),
    ]);
    expect([...usedRules].sort()).toEqual(Object.keys(EXCLUSION_RULES).sort());
    const byReason = new Map<string, number>();
    for (const path of selection.notRun) {
      const key = path.rule ?? 'covered-by-selected';
      byReason.set(key, (byReason.get(key) ?? 0) + 1);
    }
    console.info(
      `statechart paths: ${selection.generated} generated; ${selection.producible} producible as generated, ` +
        `${selection.reRooted} producible re-rooted on a producible prefix; ${selection.selected.length} selected; ` +
        `${selection.notRun.length} not run: ${JSON.stringify(Object.fromEntries(byReason))}`,
    );
  });

  it(`covers at least ${STATE_FLOOR} states and ${TRANSITION_FLOOR} transitions, every one not excluded`, () => {
    const planned = plannedCoverage(selection.selected);
    const states = declaredStates();
    const transitions = declaredTransitions();
    const missingStates = states.filter((id) => !planned.states.has(id));
    const missingTransitions = transitions.filter((id) => !planned.transitions.has(id));
    console.info(
      `statechart paths in the browser: states ${states.length - missingStates.length}/${states.length}, ` +
        `transitions ${transitions.length - missingTransitions.length}/${transitions.length}\n` +
        missingTransitions
          .map((id) => {
            const rule = EXCLUDED_TRANSITIONS[id];
            return `  not covered: ${id}: ${rule ? EXCLUSION_RULES[rule] : 'NO REASON'}`;
          })
          .join('\n'),
    );
    expect(missingTransitions.sort()).toEqual(Object.keys(EXCLUDED_TRANSITIONS).sort());
    expect(states.length - missingStates.length).toBeGreaterThanOrEqual(STATE_FLOOR);
    expect(transitions.length - missingTransitions.length).toBeGreaterThanOrEqual(TRANSITION_FLOOR);
  });
}

/**
 * The selected paths of `family`, one after another, each in a fresh browser context; then the
 * check that they covered what they planned. The planning checks run with the first family.
 */
export function describePaths(family: PathFamily): void {
  const paths = selection.selected.filter((path) => familyOf(path) === family);
  const coverage: Coverage = { states: new Set(), transitions: new Set() };

  describe(`statechart paths through the UI: ${selection.generated} generated, ${selection.selected.length} run, ${paths.length} where ${family}`, () => {
    const appUrl = inject('appUrl');
    let browser: Browser;

    beforeAll(async () => {
      browser = await sharedTestChromium();
    });

    afterAll(async () => {
      await endFileContexts(browser);
    });

    if (family === 'another tab changes the user') describePlanning();

    it.each(paths.map((path) => [path.description, path] as const))(
      '%s',
      async (_, path) => {
        await runPlannedPath(browser, appUrl, path, coverage);
      },
      90_000,
    );

    it('covered in the page every state and transition its paths planned', () => {
      const planned = plannedCoverage(paths);
      expect(missingFrom(planned.states, coverage.states)).toEqual([]);
      expect(missingFrom(planned.transitions, coverage.transitions)).toEqual([]);
    });
  });
}
