import { tokenize } from '../../skills/tokenize';
import { SENIORITIES, type Seniority } from '../jobRecord';

/** Title words for each level, checked from the most specific level down. */
const LEVEL_WORDS: readonly (readonly [Seniority, readonly string[]])[] = [
  // A "Fellows Program", "Fellowship" or "Residency" is a funded early-career programme; a
  // "Fellow" is a rank.
  [
    'intern',
    [
      'intern',
      'internship',
      'co-op',
      'coop',
      'apprentice',
      'apprenticeship',
      'student',
      'fellows',
      'fellowship',
      'residency',
      // German and French titles: a working student, an intern, a work-study apprentice.
      'werkstudent',
      'werkstudentin',
      'praktikant',
      'praktikantin',
      'praktikum',
      'stagiaire',
      'alternant',
      'alternance',
    ],
  ],
  [
    'lead',
    [
      'head',
      // A "Leader" leads people ("Account Executive Leader"); a "Lead" is a rung (below).
      'leader',
      'director',
      'vp',
      'svp',
      'evp',
      'avp',
      'rvp',
      'chief',
      'cto',
      'ceo',
      'cfo',
      'coo',
      'president',
      'supervisor',
    ],
  ],
  ['principal', ['principal', 'distinguished', 'fellow']],
  ['staff', ['staff']],
  ['senior', ['senior', 'sr', 'snr']],
  ['junior', ['junior', 'jr', 'entry', 'graduate', 'grad', 'associate', 'trainee']],
  ['mid', ['mid', 'intermediate']],
];

/** Managers of things rather than people: "Account Manager", "Product Manager". */
const NOT_PEOPLE_MANAGERS = new Set(
  (
    'account accounts office product products program programme project projects partner partnership ' +
    'partnerships community customer success case content social channel territory relationship ' +
    'category brand campaign abm event events release delivery facilities payroll benefits vendor ' +
    'solutions implementation onboarding store shift marketing growth lifecycle sales portfolio ' +
    'engagement renewal renewals communication communications ' +
    'business technical support service services quality safety compliance risk'
  ).split(' '),
);

/**
 * Grade and scope words that may stand between a function and "Manager": "Partnerships Senior
 * Manager", "ABM Regional Manager".
 */
const GRADES = new Set([
  'senior',
  'sr',
  'junior',
  'jr',
  'assistant',
  'lead',
  'principal',
  'staff',
  'regional',
  'global',
]);

/** The words of a "Technical Lead Manager", who leads the work and manages the people doing it. */
const TECHNICAL = new Set(['technical', 'tech']);

/** A title's parts: "Manager, Partnerships - EMEA (Remote)" has four. */
const titleParts = (title: string): string[][] =>
  title
    .split(/\s*[,|:()[\]]\s*|\s[-–—]\s/)
    .map((part) => tokenize(part).words.map((word) => word.toLowerCase()))
    .filter((words) => words.length > 0);

/**
 * The thing words name, by their last word: "Business Development" develops business, as "Partner
 * Development" does partners ("Software Development" stays a team).
 */
const thingNamed = (words: readonly string[]): string | undefined =>
  words.at(-1) === 'development' && words.length > 1 ? words.at(-2) : words.at(-1);

/**
 * Whether a "Manager" in the title manages people. What is managed is the word before it in its
 * part of the title ("Partnerships Manager"), else what follows "of" ("Manager of Engineering"),
 * else the part after or before it ("Manager, Partnerships", "Communications, Senior Manager").
 * An "Associate Manager" is a grade of individual contributors; a "Group Product Manager" and a
 * "Technical Lead Manager" manage people.
 */
function managesPeople(title: string): boolean {
  const parts = titleParts(title);
  return parts.some((words, part) =>
    words.some((word, at) => {
      if (word !== 'manager' && word !== 'managers') return false;
      if (words[at - 1] === 'associate') return false;
      // A manager of a group of managers of things, and a tech lead who manages: people.
      if (words.slice(0, at).includes('group')) return true;
      if (words[at - 1] === 'lead' && TECHNICAL.has(words[at - 2] ?? '')) return true;
      const before = words.slice(0, at).filter((other) => !GRADES.has(other));
      const after = words[at + 1] === 'of' ? words.slice(at + 2) : [];
      const beside = parts[part + 1] ?? parts[part - 1] ?? [];
      const managed = thingNamed(before) ?? thingNamed(after) ?? thingNamed(beside);
      return managed === undefined || !NOT_PEOPLE_MANAGERS.has(managed);
    }),
  );
}

/** Numbered levels (Engineer II) are read only when nothing clearer is said. */
const NUMBERED: Readonly<Record<string, Seniority>> = {
  i: 'junior',
  '1': 'junior',
  ii: 'mid',
  '2': 'mid',
  iii: 'senior',
  '3': 'senior',
  iv: 'senior',
  '4': 'senior',
  l3: 'junior',
  l4: 'mid',
  l5: 'senior',
  l6: 'staff',
  e3: 'junior',
  e4: 'mid',
  e5: 'senior',
  e6: 'staff',
};

const levelOfWord = (word: string): Seniority | undefined =>
  LEVEL_WORDS.find(([, markers]) => markers.includes(word))?.[0];

/** Two words joined as alternatives: "Principal/Staff", "Senior or Staff", "Sr./Staff", "Mid-Senior". */
const ALTERNATIVES = /\b([a-z]+)\.?\s*(?:\/|\bor\b|&|-)\s*([a-z]+)\b/gi;

/**
 * "Principal/Staff", "Mid-Senior": either level, and the lower is the one to apply at, so the
 * higher one's word is dropped. "Senior Staff" names no alternative: it is staff.
 */
function dropHigherAlternatives(plain: string, words: Set<string>): void {
  for (const [, first = '', second = ''] of plain.matchAll(ALTERNATIVES)) {
    const [a, b] = [first.toLowerCase(), second.toLowerCase()];
    const [levelA, levelB] = [levelOfWord(a), levelOfWord(b)];
    if (levelA === undefined || levelB === undefined || levelA === levelB) continue;
    // SENIORITIES runs from the lowest level up.
    words.delete(SENIORITIES.indexOf(levelA) > SENIORITIES.indexOf(levelB) ? a : b);
  }
}

interface TitleLevel {
  readonly level: Seniority;
  /**
   * Read from a number ("Engineer III") or a ladder's grade ("Associate"), which each company's
   * ladder means differently.
   */
  readonly numbered: boolean;
}

/**
 * A controller heads the accounting of a company or a unit ("Controller, Symmetry", "Bank
 * Controller", "Financial Controller"); an assistant, credit, cost or project controller keeps
 * accounts, and a motor or flight controller is a device an engineer builds.
 */
const HEADS_ACCOUNTING =
  /(?:^\s*|[,(–—-]\s*|\b(?:financial|finance|corporate|bank|group|divisional|division|plant|regional|global|country|entity)\s+)controller\b(?!\s+(?:engineer|developer|firmware|software|hardware|design|verification|validation))/i;

/** Grades that name a rung of a company's own ladder: "Associate Counsel" may ask 3 years. */
const LADDER_GRADES: ReadonlySet<string> = new Set(['associate']);

/** With `managesTeam` false, a title's manager words ("Director", "Head of") give no level. */
function titleLevel(title: string, managesTeam = true): TitleLevel {
  const plain = title
    // "Member of Technical Staff" is every engineer's title at some companies, not a level.
    .replace(/member of (?:the )?technical staff/gi, ' ')
    // "Staff+", "Senior+": the level and those above it, so the level itself.
    .replace(/(?<=[a-z])\+(?![+\w])/gi, '')
    // "Staff Accountant", "Staff Nurse": the profession's first rung, not a staff engineer's level.
    .replace(
      /\bstaff(?=\s+(?:accountants?|auditors?|attorneys?|nurses?|writers?|pharmacists?)\b)/gi,
      ' ',
    )
    // An Art Director is a creative individual contributor, directing the look, not people.
    .replace(/\bart\s+director\b/gi, 'art')
    // "Mid-Market": the size of customer a seller covers, not the seller's level.
    .replace(/\bmid[- ]?market\b/gi, 'market')
    // "Associate Principal": a consultancy's grade below principal, its own ladder's rung.
    .replace(/\bassociate\s+principal\b/gi, 'associate')
    // "Executive Assistant to the CEO": whom the role supports, not its own level.
    .replace(
      /\bto (?:the|our)\s+(?:ceo|cto|cfo|coo|founders?|president|vp|svp|evp|chief|head|director)\b.*$/i,
      '',
    );
  const words = tokenize(plain).words.map((word) => word.toLowerCase());
  const set = new Set(words);
  if (plain.toLowerCase().includes('co-op')) set.add('co-op');
  if (plain.toLowerCase().includes('new grad')) set.add('grad');
  if (/\bearly[- ]career\b/i.test(plain)) set.add('entry');
  if (/\bvice president\b/i.test(plain)) set.add('vp');
  dropHigherAlternatives(plain, set);
  // "Associate/Sr Associate", "Junior/Senior": the lower of the two.
  if (/\S\s*\/\s*(?:sr|senior)\b/i.test(plain))
    ['senior', 'sr'].forEach((word) => set.delete(word));
  // An "Associate Manager" is a grade above the associates, not an entry-level one.
  if (/\bassociate\s+managers?\b/i.test(plain)) set.delete('associate');
  for (const [level, markers] of LEVEL_WORDS) {
    if (level === 'lead' && !managesTeam) continue;
    const found = markers.filter((marker) => set.has(marker));
    if (found.length > 0)
      return { level, numbered: found.every((marker) => LADDER_GRADES.has(marker)) };
    if (level === 'lead' && (managesPeople(plain) || HEADS_ACCOUNTING.test(plain)))
      return { level: 'lead', numbered: false };
  }
  for (const word of words) {
    const level = NUMBERED[word];
    if (level !== undefined && word !== words[0]) return { level, numbered: true };
  }
  // A team lead leads people; a tech lead is a senior engineer who leads work.
  if (managesTeam && /\bteam\s+lead(?:er)?\b/i.test(plain))
    return { level: 'lead', numbered: false };
  // "Analytics Lead": a rung of the company's own ladder, which the years asked place; a tech
  // lead is senior whatever the years.
  if (set.has('lead') || set.has('leader'))
    return { level: 'senior', numbered: !/\btech(?:nical)?\s+lead/i.test(plain) };
  return { level: 'unknown', numbered: false };
}

/** The seniority a job title states, or 'unknown' when it states none ("Software Engineer"). */
export const seniorityFromTitle = (title: string): Seniority => titleLevel(title).level;

/** Level by years asked, when the title says none. */
const byYears = (years: number): Seniority =>
  years >= 5 ? 'senior' : years >= 2 ? 'mid' : 'junior';

/**
 * The API's level field ("Senior", "Entry Level", "All Levels") read as a title would be; an
 * "Experienced" hire ("Full-Time: Experienced") is one past entry level.
 */
function byApiLevel(level: string | null): Seniority {
  if (level === null) return 'unknown';
  const read = seniorityFromTitle(level);
  return read === 'unknown' && /\bexperienced\b/i.test(level) ? 'mid' : read;
}

/**
 * The text calls the role itself an internship ("a 3-6 month internship", "internship program
 * designed for", "your internship", "looking for a Data Intern"), not a company that also offers
 * some, or asks for a student ("currently pursuing a Bachelor's degree").
 */
const OWN_INTERNSHIP =
  /\b(?:\d{1,2}\s*(?:(?:[-‐‑–—]|to)\s*\d{1,2})?[- ]months?\s+internship|internship\s+program(?:me)?\s+(?:designed|for)|(?:this|your)\s+internship|(?:looking for|hiring|seeking) an? (?:[\w/&-]+ ){0,4}intern|currently (?:pursuing|enrolled in) (?:a |an |your )?(?:bachelor|master|undergraduate|degree|ph\.?d)|current (?:university |college )?students)\b/i;

/**
 * The text says the role manages no one, whatever its title ("This is a high-visibility individual
 * contributor role", "a standalone role"), not that it manages individual contributors.
 */
const NO_TEAM =
  /\b(?:this is|you will be|you(?:'|’)ll be|as) (?:a|an|the) (?:[\w-]+ ){0,3}individual contributor\b|\ba standalone role\b|\bnot directly managing\b|\bno direct reports\b/i;

/**
 * The text gives the role people of its own to manage: "you'll have two direct reports", "meet
 * your direct reports", not another team's ("engineering leads and their direct reports").
 */
const OWN_REPORTS =
  /\b(?:you(?:'|’)ll have|you will have|your)\s+(?:[\w-]+\s+){0,2}?direct reports\b/i;

/**
 * The level the text gives the role in naming it with the title's own noun: "We are seeking a
 * Senior Account Executive" for an "Account Executive", "As an intermediate engineer".
 */
function levelNamedInText(title: string, text: string): Seniority {
  const parts = titleParts(title);
  const noun = parts[0]?.at(-1);
  if (noun === undefined) return 'unknown';
  const titleWords = new Set(parts.flat());
  const naming = new RegExp(
    `\\b(?:seeking|looking for|hiring|as) an? ([\\w-]+) (?:[\\w-]+ ){0,3}?${noun.replace(/\W/g, '\\$&')}s?\\b`,
    'gi',
  );
  for (const [, word = ''] of text.slice(0, 30_000).matchAll(naming)) {
    // Only a word the title lacks: "As an Associate Manager" repeats the title, adding nothing.
    // The word read with the noun it names: "a Staff Accountant" is the profession's first rung.
    const level = titleWords.has(word.toLowerCase())
      ? 'unknown'
      : titleLevel(`${word} ${noun}`, false).level;
    if (level !== 'unknown') return level;
  }
  return 'unknown';
}

/**
 * Level: a manager title whose text gives the role direct reports is a people manager's; else the
 * title (a numbered one after the years; its manager words only when the text does not say the
 * role manages no one), then the level the text names the role with, then a text
 * that calls the role an internship, then the years asked, then the API's own level field.
 */
export function seniorityOf(
  title: string,
  minYears: number | null,
  apiLevel: string | null,
  text = '',
): Seniority {
  const head = text.slice(0, 30_000);
  // A manager title that reads as an individual contributor's ("Senior Product Manager").
  if (/\bmanager\b/i.test(title) && OWN_REPORTS.test(head)) return 'lead';
  const fromTitle = titleLevel(title, !NO_TEAM.test(head));
  // A numbered or graded level means what the company's ladder says; the years asked say it plainly.
  if (fromTitle.numbered && minYears !== null) return byYears(minYears);
  if (fromTitle.level !== 'unknown') return fromTitle.level;
  const named = levelNamedInText(title, text);
  if (named !== 'unknown') return named;
  if (OWN_INTERNSHIP.test(head)) return 'intern';
  if (minYears !== null) return byYears(minYears);
  return byApiLevel(apiLevel);
}
