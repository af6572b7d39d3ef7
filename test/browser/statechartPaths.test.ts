import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { declaredStates, declaredTransitions, sessionPaths } from '../machine/sessionModel';
import { launchChromium } from '../support/browser';
import { EXCLUDED_TRANSITIONS, EXCLUSION_RULES } from './paths/exclusions';
import { runPlannedPath, type Coverage } from './paths/runPath';
import { COVERED_BY_SELECTED, selectPaths } from './paths/selection';

/**
 * Issue 4, item 2: the session statechart's generated paths (the same graph as the machine-level
 * tests, test/machine/sessionModel.ts) driven through the built app in Chromium against the Auth
 * Emulator. See test/browser/paths/realisations.ts for how each step is produced for real, and
 * test/browser/paths/exclusions.ts for which steps the browser cannot produce (and why).
 *
 * Browser-level coverage counts a step's transitions once the page showed what the step's state
 * means to the person (header, page, alert, notice, busy button) and the SDK persisted the matching
 * user: the production build exposes no inspection, so the machine's own microsteps are not read.
 */

/** The floor this suite reaches (it fails if a change loses coverage). */
const STATE_FLOOR = 29;
const TRANSITION_FLOOR = 157;

const selection = selectPaths(sessionPaths());
const coverage: Coverage = { states: new Set(), transitions: new Set() };

describe(`statechart paths through the UI: ${selection.generated} generated, ${selection.selected.length} run`, () => {
  const appUrl = inject('appUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('plans every generated path: run, or not run for a listed reason', () => {
    expect(selection.mismatches).toEqual([]);
    expect(selection.selected.length + selection.notRun.length).toBe(selection.generated);
    const reasons = new Set<string>([COVERED_BY_SELECTED, ...Object.values(EXCLUSION_RULES)]);
    expect(selection.notRun.filter((path) => !reasons.has(path.reason))).toEqual([]);
    // No stale rule: each one still keeps at least one generated step (or transition) out.
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

  it.each(selection.selected.map((path) => [path.description, path] as const))(
    '%s',
    async (_, path) => {
      await runPlannedPath(browser, appUrl, path, coverage);
    },
    90_000,
  );

  it(`covers at least ${STATE_FLOOR} states and ${TRANSITION_FLOOR} transitions in the browser`, () => {
    const states = declaredStates();
    const transitions = declaredTransitions();
    const missingStates = states.filter((id) => !coverage.states.has(id));
    const missingTransitions = transitions.filter((id) => !coverage.transitions.has(id));
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
});
