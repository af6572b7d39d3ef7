import {
  CONTEXT_WORDS_AFTER,
  CONTEXT_WORDS_BEFORE,
  CONTEXT_WORDS_BEFORE_IN,
  CONTEXT_WORDS_BEFORE_OF,
  CUE_WORDS,
} from './skillData';
import { buildSkillIndex } from './skillIndex';
import { tokenize, type Tokens } from './tokenize';

const index = buildSkillIndex();
const OWN_CUES: ReadonlySet<string> = new Set(
  [...index.cuesOf.values()].flatMap((cues) => [...cues]),
);

/**
 * How many tokens either side of an in-context spelling may hold the skill that vouches for it:
 * three, for "Python and/or Go".
 */
const NEIGHBOUR_REACH = 3;

export interface FindOptions {
  /**
   * 'skip': a name followed by "team", "org" or the like names a team to work with ("partner with
   * the Account Management team"), not a skill. A CV's "led the Data Engineering team" keeps it.
   */
  readonly teamNames?: 'skip' | 'keep';
}

/** Words after a skill's name that make it a team's name. Lower case. */
const TEAM_WORDS: ReadonlySet<string> = new Set([
  'team',
  'teams',
  'org',
  'orgs',
  'organization',
  'organisation',
  'function',
  'functions',
  'department',
  'leaders',
  'leadership',
  'counterparts',
  'colleagues',
  'specialists',
]);

/** Words that join the names in a list of teams ("Product, Design and other teams"). Lower case. */
const LIST_JOINERS: ReadonlySet<string> = new Set(['and', 'or', 'other', 'the', '&']);

/** How many words after a name a list of teams may run before its "teams". */
const TEAM_LIST_REACH = 8;

/**
 * Whether the words from `from` end a list of teams in the same sentence: "team" at once ("the
 * Account Management team"), or a run of names ending in "teams" ("with Product, CRM, Paid Ads and
 * regional teams"), a lower-case word allowed only just before the team word after a joiner.
 */
function namesTeam(tokens: Tokens, lower: readonly string[], from: number): boolean {
  const end = Math.min(lower.length, from + TEAM_LIST_REACH);
  for (let at = from; at < end && !tokens.breakBefore[at]; at += 1) {
    const word = lower[at] ?? '';
    if (TEAM_WORDS.has(word)) return true;
    const written = tokens.words[at] ?? '';
    // A list item after a comma names a team as a capitalised name does ("aerodynamics, propulsion").
    const isName = written !== word || LIST_JOINERS.has(word) || tokens.pauseBefore[at] === true;
    const beforeTeamWord =
      LIST_JOINERS.has(lower[at - 1] ?? '') && TEAM_WORDS.has(lower[at + 1] ?? '');
    if (!isName && !beforeTeamWord) return false;
  }
  return false;
}

/**
 * The canonical names of the tech skills in free text, in order of first appearance, each once.
 * Linear in the text's length: one tokenising pass, then at each token at most `longestTerm`
 * map lookups (fewer: a lookup stops when no longer term starts with the words so far).
 *
 * Case rule: most spellings match in any case ("postgresql", "K8S"). Spellings that are also
 * everyday English ("Spark", "Swift", "Rails", "REST", "Node") match only as written in the
 * vocabulary. The shortest, most common or place-like ones ("Go", "R", "C", "Spring", "Express",
 * "Phoenix", "Cypress") also need a tech context in the same sentence: another skill within three
 * words ("Python, Go and Rust", "C/C++"), a following word like "developer" or "framework", a
 * preceding "with", "using", "written in", "expert in" or "years of", or, alone in a list item, an
 * item beside it that starts or ends with a skill ("- Go" before "- Kubernetes"). So "Go to the office", "Series C funding", "R&D" and
 * "offices in Phoenix" find nothing, while "Golang" always counts. An in-context word joined to the
 * next by a hyphen is part of another word ("C-level", "Go-to-market"). Names of spoken languages
 * count only in a sentence with a cue such as "fluent" or "native" ("Fluent in German", not
 * "German customers"); a few other words count only with their own cues ("SaaS" as SaaS Sales
 * beside "sales" or "quota").
 */
export function findSkills(text: string, options: FindOptions = {}): string[] {
  const tokens = tokenize(text);
  const lower = tokens.words.map((word) => word.toLowerCase());
  const firstSeen = new Map<string, number>();
  const isSkillToken = new Uint8Array(tokens.words.length);
  const contextCandidates: number[] = [];
  const cueCandidates: number[] = [];
  const sentenceOf = new Uint32Array(tokens.words.length);
  const cuedSentences = new Set<number>();
  /** "sentence word" for each skill's own cue word present. */
  const ownCuesPresent = new Set<string>();

  let sentence = 0;
  for (let at = 0; at < lower.length; at += 1) {
    if (tokens.breakBefore[at]) sentence += 1;
    sentenceOf[at] = sentence;
    const word = lower[at] ?? '';
    if (CUE_WORDS.has(word)) cuedSentences.add(sentence);
    if (OWN_CUES.has(word)) ownCuesPresent.add(`${sentence} ${word}`);
  }
  const isCued = (skill: string, at: number): boolean => {
    const cues = index.cuesOf.get(skill);
    const where = sentenceOf[at] ?? -1;
    if (cues === undefined) return cuedSentences.has(where);
    for (const cue of cues) if (ownCuesPresent.has(`${where} ${cue}`)) return true;
    return false;
  };

  let position = 0;
  while (position < tokens.words.length) {
    const match = longestMatchAt(tokens, lower, position);
    if (match === null) {
      const word = tokens.words[position] ?? '';
      if (index.inContext.has(word) && !tokens.hyphenAfter[position])
        contextCandidates.push(position);
      if (index.withCue.has(word)) cueCandidates.push(position);
      position += 1;
      continue;
    }
    const next = position + match.length;
    const teamName = options.teamNames === 'skip' && namesTeam(tokens, lower, next);
    if (!teamName && !firstSeen.has(match.skill)) firstSeen.set(match.skill, position);
    isSkillToken.fill(1, position, position + match.length);
    position += match.length;
  }

  // An accepted in-context word vouches for its neighbours too ("Chef or Puppet"): one sweep each
  // way lets that reach along a list in either direction while staying linear.
  for (const sweep of [contextCandidates, [...contextCandidates].reverse()]) {
    for (const candidate of sweep) {
      const skill = index.inContext.get(tokens.words[candidate] ?? '');
      if (skill === undefined || isSkillToken[candidate] === 1) continue;
      if (!hasTechContext(tokens, lower, isSkillToken, candidate)) continue;
      isSkillToken[candidate] = 1;
      const seenAt = firstSeen.get(skill);
      if (seenAt === undefined || candidate < seenAt) firstSeen.set(skill, candidate);
    }
  }

  for (const candidate of cueCandidates) {
    const skill = index.withCue.get(tokens.words[candidate] ?? '');
    if (skill === undefined || !isCued(skill, candidate)) continue;
    if (!firstSeen.has(skill)) firstSeen.set(skill, candidate);
  }

  return [...firstSeen.entries()].sort((a, b) => a[1] - b[1]).map(([skill]) => skill);
}

/** A skill name typed by a user ("k8s", "react.js", "go") to its canonical name, or null if unknown. */
export function canonicalSkill(name: string): string | null {
  const { words } = tokenize(name);
  if (words.length === 0 || words.length > index.longestTerm) return null;
  return index.typed.get(words.map((word) => word.toLowerCase()).join(' ')) ?? null;
}

function longestMatchAt(
  tokens: Tokens,
  lower: readonly string[],
  start: number,
): { skill: string; length: number } | null {
  let best: { skill: string; length: number } | null = null;
  let lowerKey = '';
  let exactKey = '';
  for (
    let length = 1;
    length <= index.longestTerm && start + length <= tokens.words.length;
    length += 1
  ) {
    const at = start + length - 1;
    if (length > 1 && (tokens.breakBefore[at] || tokens.pauseBefore[at])) break;
    lowerKey = length === 1 ? (lower[at] ?? '') : `${lowerKey} ${lower[at] ?? ''}`;
    exactKey = length === 1 ? (tokens.words[at] ?? '') : `${exactKey} ${tokens.words[at] ?? ''}`;
    const skill = index.anyCase.get(lowerKey) ?? index.exactCase.get(exactKey);
    if (skill !== undefined) best = { skill, length };
    if (!index.prefixes.has(lowerKey)) break;
  }
  return best;
}

function hasTechContext(
  tokens: Tokens,
  lower: readonly string[],
  isSkillToken: Uint8Array,
  at: number,
): boolean {
  const nextInSentence = at + 1 < lower.length && !tokens.breakBefore[at + 1];
  const previousInSentence = at > 0 && !tokens.breakBefore[at];
  if (nextInSentence && CONTEXT_WORDS_AFTER.has(lower[at + 1] ?? '')) return true;
  const previous = previousInSentence ? (lower[at - 1] ?? '') : '';
  if (CONTEXT_WORDS_BEFORE.has(previous)) return true;
  const beforeIn = at > 1 && !tokens.breakBefore[at - 1] ? (lower[at - 2] ?? '') : '';
  if (previous === 'in' && CONTEXT_WORDS_BEFORE_IN.has(beforeIn)) return true;
  if (previous === 'of' && CONTEXT_WORDS_BEFORE_OF.has(beforeIn)) return true;
  // A list item of the name alone ("- Go") beside an item that starts or ends with a skill.
  if (!nextInSentence && !previousInSentence)
    return isSkillToken[at - 1] === 1 || isSkillToken[at + 1] === 1;

  for (
    let step = 1, open = true;
    open && step <= NEIGHBOUR_REACH && at + step < lower.length;
    step += 1
  ) {
    open = !tokens.breakBefore[at + step];
    if (open && isSkillToken[at + step] === 1) return true;
  }
  for (let step = 1, open = true; open && step <= NEIGHBOUR_REACH && at - step >= 0; step += 1) {
    open = !tokens.breakBefore[at - step + 1];
    if (open && isSkillToken[at - step] === 1) return true;
  }
  return false;
}
