/** The curated vocabulary of tech skills. Data only; the matcher lives in skillVocabulary.ts. */
import type { SkillEntry } from './skillEntry';
import { BACKEND, DATABASES, FRONTEND, LANGUAGES, MOBILE } from './skillsForBuilding';
import { FINANCE, MARKETING, SALES, SPOKEN } from './skillsForBusiness';
import { CLOUD, DATA, DEVOPS, ML, PRACTICES, TESTING, TOOLS } from './skillsForRunning';
import { SECURITY } from './skillsForSecurity';
import { EMBEDDED, IT, NETWORKS } from './skillsForSystems';

export type { SkillCategory, SkillEntry } from './skillEntry';

export const SKILLS: readonly SkillEntry[] = [
  ...LANGUAGES,
  ...FRONTEND,
  ...BACKEND,
  ...MOBILE,
  ...DATABASES,
  ...CLOUD,
  ...DEVOPS,
  ...DATA,
  ...ML,
  ...TESTING,
  ...SECURITY,
  ...TOOLS,
  ...EMBEDDED,
  ...NETWORKS,
  ...IT,
  ...SALES,
  ...MARKETING,
  ...FINANCE,
  ...SPOKEN,
  ...PRACTICES,
];

/**
 * Words that make an `inContext` spelling a skill when they follow it ("Go developer", "C programming")
 * or precede it ("written in Go", "experience with R"). Lower case.
 */
export const CONTEXT_WORDS_AFTER: ReadonlySet<string> = new Set([
  'developer',
  'developers',
  'engineer',
  'engineers',
  'programming',
  'programmer',
  'programmers',
  'language',
  'languages',
  'code',
  'codebase',
  'services',
  'microservices',
  'backend',
  'modules',
  'framework',
  'frameworks',
  'experience',
  'scripting',
  'scripts',
  'tests',
  'testing',
  'tools',
  'software',
  'skills',
  'modeling',
  'modelling',
  'protocol',
  'protocols',
  'bus',
]);
export const CONTEXT_WORDS_BEFORE: ReadonlySet<string> = new Set([
  'with',
  'using',
  'written',
  'writing',
]);
/** "in" makes a context only after one of these ("written in Go", "fluent in R"), not in "offices in Phoenix". */
export const CONTEXT_WORDS_BEFORE_IN: ReadonlySet<string> = new Set([
  'written',
  'writing',
  'code',
  'coding',
  'programming',
  'proficient',
  'proficiency',
  'fluent',
  'fluency',
  'experience',
  'experienced',
  'expert',
  'expertise',
  'background',
  'skilled',
  'skills',
  'built',
  'develop',
  'developing',
  'development',
]);

/** "of" makes a context only after one of these ("years of Go", "knowledge of C"). */
export const CONTEXT_WORDS_BEFORE_OF: ReadonlySet<string> = new Set([
  'years',
  'knowledge',
  'understanding',
  'command',
  'mastery',
]);

/** Words that make a spoken language's name a skill when its sentence holds one. Lower case. */
export const CUE_WORDS: ReadonlySet<string> = new Set([
  'fluent',
  'fluently',
  'fluency',
  'bilingual',
  'multilingual',
  'native',
  'speaker',
  'speakers',
  'speak',
  'speaking',
  'spoken',
  'written',
  'proficiency',
  'proficient',
  'language',
  'languages',
  'communication',
  'level',
  'c1',
  'c2',
  'b2',
]);
