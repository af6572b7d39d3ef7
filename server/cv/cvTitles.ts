import { COMMON_TITLES } from '../jobs/commonTitles';
import { seniorityFromTitle } from '../jobs/normalise/seniority';

/**
 * The job titles in a CV's text: short lines (or parts of lines, "Senior Engineer | Acme | 2021 -
 * Present") that end in the last word of a common title ("engineer", "manager", "SRE"), with the
 * years written beside them, so the most recent can come first.
 */

/** The word a title ends with, from the titles the product suggests. */
const TITLE_HEADS: ReadonlySet<string> = new Set(
  COMMON_TITLES.map((title) => title.split(' ').at(-1)?.toLowerCase() ?? ''),
);

/** Words a sentence has and a title has not: "Worked with the data engineer" is no title. */
const SENTENCE_WORDS: ReadonlySet<string> = new Set(
  'a an the to with in on as by from our my we i was were is are who which that for'.split(' '),
);

/**
 * Whether a title may end in this word: a common title's last word, or a trainee's as the posting
 * rules read it ("Software Engineering Intern", "Apprentice"); a student is a level, not a role.
 */
const endsTitle = (word: string): boolean =>
  TITLE_HEADS.has(word.toLowerCase()) ||
  (seniorityFromTitle(word) === 'intern' && !/^students?$/i.test(word));

/** A company's ladder step after the title ("Engineer II", "Engineer 3"), not part of the role. */
const GRADE = /^(?:i{1,3}|iv|v|[1-5])$/i;

/** Between a title and what follows it on its line: company, place, dates. */
const PART_SEPARATOR = /\s+[-–—@|·•]\s+|\s*[|·•,;()[\]\t]\s*|\s{2,}|\s+at\s+/;

/** Dates beside a title on its part of the line: "2019 - Present Senior Engineer", "Mar. 2020". */
const DATE_TEXT =
  /\b(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?(?:19|20)\d\d\b|\b(?:present|current|now|today)\b/gi;

/** The common titles by their words in lower case, so a CV's "SOFTWARE ENGINEER" is written as they are. */
const COMMON_BY_KEY: ReadonlyMap<string, string> = new Map(
  COMMON_TITLES.map((title) => [keyOf(title), title]),
);

/** A title's words in lower case, hyphens as spaces: how two spellings of one title compare. */
export function keyOf(title: string): string {
  return title.toLowerCase().replace(/[-\s]+/g, ' ');
}

/** A common title's own spelling; else as written, a title in capitals with capitals only at its words' starts. */
function spelled(role: string): string {
  const common = COMMON_BY_KEY.get(keyOf(role));
  if (common !== undefined) return common;
  if (role !== role.toUpperCase()) return role;
  return role
    .toLowerCase()
    .replace(
      /(^|\s)(\p{L})/gu,
      (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`,
    );
}

const YEAR = /\b(?:19[5-9]\d|20\d\d)\b/g;
const PRESENT = /\b(?:present|current|now|today)\b/i;

/**
 * A section heading before the roles: the header (name, contact, home) ends at it, so a role's
 * place is not taken for the person's.
 */
export const FIRST_SECTION =
  /^\W*(?:professional |work |relevant )?(?:experience|employment(?: history)?|work history|summary|profile|objective|about(?: me)?|education|skills)\W*$/i;

/** A section heading that ends the last role's block: what follows is not that role's. */
const SECTION_HEADING =
  /^\W*(?:(?:technical |core |key )?skills|education|projects|certifications?|languages|interests|awards|publications|volunteering|references)\W*$/i;

/**
 * A line longer than this is prose, never a title or a contact line: the bound also keeps the
 * reading linear on a hostile text of one huge line.
 */
export const MAX_SHORT_LINE = 200;

/** How many lines after a title may hold its dates. */
const DATE_REACH = 2;
/** A title has at most this many words, the grade included. */
const MAX_TITLE_WORDS = 6;

export interface CvTitle {
  /** The title as written: "Senior Software Engineer II". */
  readonly title: string;
  /** The kind of work, without its level: "Software Engineer". */
  readonly role: string;
  /** The line it is on. */
  readonly line: number;
  /** The line after its block: its role's lines are `line` up to this. */
  readonly blockEnd: number;
  /** The last year it was held (Infinity while it still is), or null where no year is written. */
  readonly until: number | null;
  /** The first year written beside it, or null. */
  readonly since: number | null;
}

/** The title a part of a line holds, without the dates beside it, and its role; null for none. */
function titleIn(part: string): { title: string; role: string } | null {
  const words = part
    .replace(DATE_TEXT, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && /\p{L}|\d/u.test(word));
  if (words.length === 0 || words.length > MAX_TITLE_WORDS) return null;
  if (words.some((word) => SENTENCE_WORDS.has(word.toLowerCase()))) return null;
  const title = words.join(' ');
  while (words.length > 1 && GRADE.test(words.at(-1) ?? '')) words.pop();
  if (!endsTitle(words.at(-1) ?? '')) return null;
  // The level words in front ("Senior", "Sr.", "Lead", "Associate") are the seniority's, not the role's.
  while (words.length > 1 && seniorityFromTitle(words[0] ?? '') !== 'unknown') words.shift();
  return { title, role: spelled(words.join(' ')) };
}

function yearsOn(lines: readonly string[]): { since: number | null; until: number | null } {
  const text = lines.join(' ');
  const years = [...text.matchAll(YEAR)].map((match) => Number(match[0]));
  const until = PRESENT.test(text) ? Infinity : years.length > 0 ? Math.max(...years) : null;
  return { since: years.length > 0 ? Math.min(...years) : null, until };
}

/** The titles in the order the CV lists them. */
export function findCvTitles(lines: readonly string[]): CvTitle[] {
  const found: { title: string; role: string; line: number }[] = [];
  lines.forEach((line, at) => {
    if (line.length > MAX_SHORT_LINE) return;
    for (const part of line.split(PART_SEPARATOR)) {
      const title = titleIn(part);
      if (title !== null) {
        found.push({ ...title, line: at });
        return;
      }
    }
  });
  // The first section heading at or after each line, in one pass from the end.
  const headingFrom = new Array<number>(lines.length + 1).fill(lines.length);
  for (let at = lines.length - 1; at >= 0; at -= 1)
    headingFrom[at] = SECTION_HEADING.test(lines[at] ?? '') ? at : (headingFrom[at + 1] ?? at);
  return found.map((title, index) => {
    const next = found[index + 1]?.line ?? lines.length;
    const blockEnd = Math.min(next, headingFrom[title.line + 1] ?? lines.length);
    const dated = lines.slice(title.line, Math.min(title.line + 1 + DATE_REACH, blockEnd));
    return { ...title, blockEnd, ...yearsOn(dated) };
  });
}

/**
 * The titles, the most recent first: by the last year each was held, one with no year taking that
 * of the title listed before it (a CV's headline, before any dated role, counts as current).
 */
export function byRecency(titles: readonly CvTitle[]): CvTitle[] {
  let carried = Infinity;
  const keyed = titles.map((title, order) => {
    carried = title.until ?? carried;
    return { title, order, until: carried };
  });
  return keyed.sort((a, b) => b.until - a.until || a.order - b.order).map(({ title }) => title);
}
