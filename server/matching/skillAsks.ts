import { basesOf, knownThrough } from '../skills/skillBases';
import type { CandidateJob } from './candidateJobs';

/**
 * One skill a job asks, with the seeker skills that meet it. Scoring (`skillFit`) and the alert
 * lookup's SQL both read these, so the rule is written once.
 */
export interface SkillAsk {
  readonly skill: string;
  /** Nice to have rather than required. */
  readonly nice: boolean;
  /** Seeker skills that show they know it: it, or a skill built on it (Next.js shows React). */
  readonly known: readonly string[];
  /**
   * For a required skill, seeker skills that show they know what it is built on (React, or Remix,
   * for Next.js): half of it. Empty for a nice-to-have and for a skill built on nothing.
   */
  readonly partly: readonly string[];
}

export function skillAsks(job: Pick<CandidateJob, 'skills' | 'niceSkills'>): SkillAsk[] {
  const nice = new Set(job.niceSkills);
  return job.skills.map((skill) => ({
    skill,
    nice: nice.has(skill),
    known: knownThrough([skill]),
    partly: nice.has(skill) ? [] : knownThrough(basesOf(skill)),
  }));
}

/** Every seeker skill that meets some ask, fully or in part: a profile without one shares nothing. */
export const skillsMeetingAny = (asks: readonly SkillAsk[]): string[] => [
  ...new Set(asks.flatMap((ask) => [...ask.known, ...ask.partly])),
];
