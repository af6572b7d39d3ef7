/**
 * From the generated paths to the ones the browser runs. Every step is planned (a realisation, or
 * a rule saying why the browser cannot produce it). A path with an unproducible step is re-rooted
 * when it can be: the steps after its last unproducible step run from a producible prefix (of
 * another generated path) that ends in the same graph vertex (same state, user kind, pending
 * operation and credential, so every guard decides the same). Then the producible paths that add
 * states or transitions not yet covered are picked greedily.
 */
import type { SessionPath } from '../../machine/sessionModel';
import { takenTransitions, transitionId } from '../../machine/sessionModel';
import {
  describeSteps,
  modelSteps,
  stateIds,
  stepsOf,
  vertexKey,
  type ModelStep,
} from './pathModel';
import { EXCLUSION_RULES, type ExclusionRule } from './exclusions';
import { planStep, realEvent, type StepRealisation } from './realisations';
import type { PlannedPath } from './runPath';

export const COVERED_BY_SELECTED = 'covered by the selected paths (adds no state or transition)';

export interface NotRun {
  description: string;
  reason: string;
  rule: ExclusionRule | null;
  /** Every rule that keeps one of its steps out (the first is `rule`). */
  rules: ExclusionRule[];
}

export interface Selection {
  generated: number;
  /** Generated paths whose own steps are all producible. */
  producible: number;
  /** Generated paths run (or runnable) from a producible prefix. */
  reRooted: number;
  selected: PlannedPath[];
  notRun: NotRun[];
  /** Steps whose real cause would take other transitions than the path's (must be empty). */
  mismatches: string[];
}

interface Planned {
  steps: ModelStep[];
  realisations: StepRealisation[];
  /** The last step the browser cannot produce, and why. */
  lastExcluded: { index: number; rule: ExclusionRule } | null;
  firstExcluded: ExclusionRule | null;
  /** The rules of every step the browser cannot produce. */
  rules: ExclusionRule[];
}

function plan(steps: ModelStep[]): Planned {
  const realisations: StepRealisation[] = [];
  let lastExcluded: Planned['lastExcluded'] = null;
  let firstExcluded: ExclusionRule | null = null;
  const rules = new Set<ExclusionRule>();
  for (const step of steps) {
    const stepPlan = planStep(step);
    if (stepPlan.kind === 'excluded') {
      lastExcluded = { index: step.index, rule: stepPlan.rule };
      firstExcluded ??= stepPlan.rule;
      rules.add(stepPlan.rule);
    } else realisations.push(stepPlan.realisation);
  }
  return { steps, realisations, lastExcluded, firstExcluded, rules: [...rules] };
}

function mismatchesOf(planned: PlannedPath): string[] {
  return planned.steps.flatMap((step) => {
    const realisation = planned.realisations[step.index];
    if (!realisation) return [`${planned.description}: step ${step.index} has no realisation`];
    const real = takenTransitions(step.before, realEvent(step, realisation)).map(transitionId);
    return real.join(' + ') === step.transitions.join(' + ')
      ? []
      : [`${planned.description}: step ${step.index} takes ${real.join(' + ')}`];
  });
}

function coverageOf(steps: ModelStep[]): string[] {
  return steps.flatMap((step) => [
    ...step.transitions,
    ...step.passesThrough.transitions,
    ...step.passesThrough.states,
    ...stateIds(step.after.value),
  ]);
}

export function selectPaths(paths: SessionPath[]): Selection {
  const all = paths.map((path) => {
    const steps = modelSteps(path);
    return { description: describeSteps(steps), planned: plan(steps) };
  });

  // Producible prefixes, shortest first, by the vertex they end in.
  const prefixes = new Map<string, ModelStep[]>();
  for (const { planned } of all) {
    const producibleLength = planned.lastExcluded
      ? planned.steps.findIndex((step) => planStep(step).kind === 'excluded')
      : planned.steps.length;
    for (let length = 1; length <= producibleLength; length += 1) {
      const prefix = planned.steps.slice(0, length);
      const end = prefix.at(-1);
      if (!end) continue;
      const key = vertexKey(end.after);
      const known = prefixes.get(key);
      if (!known || known.length > prefix.length) prefixes.set(key, prefix);
    }
  }

  const candidates: Array<{ original: string; path: PlannedPath }> = [];
  const notRun: NotRun[] = [];
  let producible = 0;
  let reRooted = 0;
  for (const { description, planned } of all) {
    if (!planned.lastExcluded) {
      producible += 1;
      candidates.push({
        original: description,
        path: { description, steps: planned.steps, realisations: planned.realisations },
      });
      continue;
    }
    const { index, rule } = planned.lastExcluded;
    const suffix = planned.steps.slice(index + 1);
    const resumeFrom = planned.steps[index]?.after;
    const prefix =
      resumeFrom && suffix.length > 0 ? prefixes.get(vertexKey(resumeFrom)) : undefined;
    if (prefix) {
      const steps = stepsOf([...prefix, ...suffix].map((step) => step.event));
      const rerooted = plan(steps);
      const sameTransitions = suffix.every(
        (step, offset) =>
          steps[prefix.length + offset]?.transitions.join(' + ') === step.transitions.join(' + '),
      );
      if (!rerooted.lastExcluded && sameTransitions) {
        reRooted += 1;
        const rerootedDescription = `${describeSteps(steps)} (re-rooted from: ${description})`;
        candidates.push({
          original: description,
          path: { description: rerootedDescription, steps, realisations: rerooted.realisations },
        });
        continue;
      }
    }
    const firstRule = planned.firstExcluded ?? rule;
    notRun.push({
      description,
      reason: EXCLUSION_RULES[firstRule],
      rule: firstRule,
      rules: planned.rules,
    });
  }

  // Greedy cover: most new states and transitions first; ties go to the shorter path.
  const covered = new Set<string>();
  const selected: PlannedPath[] = [];
  const remaining = [...candidates];
  for (;;) {
    let best: (typeof candidates)[number] | null = null;
    let bestGain = 0;
    for (const candidate of remaining) {
      const gain = new Set(coverageOf(candidate.path.steps).filter((id) => !covered.has(id))).size;
      const shorter = best !== null && candidate.path.steps.length < best.path.steps.length;
      if (gain > bestGain || (gain > 0 && gain === bestGain && shorter)) {
        best = candidate;
        bestGain = gain;
      }
    }
    if (!best) break;
    selected.push(best.path);
    coverageOf(best.path.steps).forEach((id) => covered.add(id));
    remaining.splice(remaining.indexOf(best), 1);
  }
  for (const candidate of remaining) {
    notRun.push({
      description: candidate.original,
      reason: COVERED_BY_SELECTED,
      rule: null,
      rules: [],
    });
  }

  return {
    generated: paths.length,
    producible,
    reRooted,
    selected,
    notRun,
    mismatches: candidates.flatMap((candidate) => mismatchesOf(candidate.path)),
  };
}
