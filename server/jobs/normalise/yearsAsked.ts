/**
 * The years of experience a posting asks for, read from its text ("5+ years of experience",
 * "Experience: 3-5 years", "deux ans d'expérience"), and from a CV's own summary.
 */

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
  fifteen: 15,
  // "a year of experience", "a decade of experience"
  year: 1,
  decade: 10,
  un: 1,
  une: 1,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  sept: 7,
  huit: 8,
  dix: 10,
};

/**
 * "5+ years of experience", "3-5 years' experience", "one to two years in", "3 or more years in",
 * "2+ years with", "5 years+ of experience", "5+ years solving forecasting problems", a bracket
 * among the words: "6+ years of end-to-end (UX and UI) product design experience". Not a span of
 * time the company tells of ("grown a lot in the last 10 years in the UK"), nor an age ("accounts for
 * 16-17 year olds in the UK").
 */
const YEARS =
  /(?<!\b(?:last|past|next|previous|coming)\s+)\b(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen)\s*(?:\(\d{1,2}\)\s*)?(?:\+|\s*plus)?\s*(?:(?:[-‐‑–—]|to)\s*(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*\+?\s*|or\s+more\s+)?(?:years?|yrs?\.?)(?![\s-]*olds?\b)\+?['’]?\s+(?:[a-z]{3,}ing\b|(?:of\s+)?(?:(?:[\w/&,.-]+|\([^()\n]{1,40}\))\s+){0,8}?(?:experience|exp\b|in\b|at\b|with\b|building|working|developing|designing|development|engineering|programming|leading|managing|selling|as\b))/i;

/** "Experience: 5+ years", "Experience level: 3-5 years", "Years of experience: 4": after a label. */
const YEARS_AFTER_LABEL =
  /\bexperience(?:\s+(?:level|required))?\s*:\s*(\d{1,2})\s*\+?\s*(?:(?:[-‐‑–—]|to)\s*\d{1,2}\s*\+?\s*)?(?:years?|yrs?|$|\n)/im;

/** "4+ YOE": years of experience, abbreviated. */
const YEARS_OF_EXPERIENCE_SHORT =
  /\b(\d{1,2})\s*\+?\s*(?:(?:[-‐‑–—]|to)\s*\d{1,2}\s*\+?\s*)?yoe\b/i;

/**
 * "A year or more of experience", "over a decade of experience"; not what the role gives ("you
 * will gain a year of experience").
 */
const A_YEAR_OR_DECADE =
  /(?<!\b(?:gain|gains|get|gets|give|gives|offer|offers|provide|provides)\s+)\ba (year|decade)\s+(?:or more\s+)?of\s+(?:[\w/&,.-]+\s+){0,4}?experience\b/i;

/**
 * "3+ years of Python": years of a named thing, read in a requirement line only (a blurb's "20
 * Years of Innovation" is not asked of anyone).
 */
const YEARS_OF_NAME = /\b(\d{1,2})\s*\+?\s*(?:years?|yrs?)\s+of\s+[A-Z]/;

/** "Experience as an assistant (2+ years)", "(3–5+ years)", "[4+ years]": years in brackets. */
const YEARS_IN_BRACKETS =
  /[([]\s*(\d{1,2})\s*\+?\s*(?:(?:[-‐‑–—]|to)\s*\d{1,2}\s*\+?\s*)?(?:years?|yrs?)\s*[)\]]/i;

/** The same in French: "3 ans d'expérience minimum", "Minimum deux (02) années d'expérience". */
const FRENCH_YEARS =
  /\b(\d{1,2}|une?|deux|trois|quatre|cinq|six|sept|huit|dix)\s*(?:\(\d{1,2}\)\s*)?\+?\s*(?:ans|années?|an)\s+(?:d['’]\s*exp[ée]rience|minimum|au moins)/i;

/** "Up to two years of experience": none asked. */
const UP_TO = /\bup to\s*$/i;

/** "6 months to 2 years of experience", "6mos-1 year": a range that starts in months. */
const MONTHS_TO_YEARS =
  /\b(\d{1,2})\s*(?:months?|mos\b\.?)\s*(?:[-‐‑–—]|to)\s*\d{1,2}\s*\+?\s*(?:years?|yrs?)\b/i;

/**
 * "At least 6-12 months of sales experience", "6+ months' experience", "Minimum 6mos of
 * professional working experience": experience in months.
 */
const MONTHS_OF_EXPERIENCE =
  /\b(\d{1,2})\s*\+?\s*(?:(?:[-‐‑–—]|to)\s*\d{1,2}\s*\+?\s*)?(?:months?|mos\b\.?)['’]?\s+(?:of\s+)?(?:[\w/&,.-]+\s+){0,6}?experience\b/i;

/** A count of years asked, or null when it is no such count (a year, a company's age). */
const plausibleYears = (years: number): number | null =>
  Number.isFinite(years) && years > 0 && years <= 25 ? years : null;

/** The match of these patterns that starts first in the text, or null. */
const earliestMatch = (text: string, patterns: readonly RegExp[]): RegExpExecArray | null =>
  patterns
    .map((pattern) => pattern.exec(text))
    .filter((found) => found !== null)
    .sort((a, b) => a.index - b.index)[0] ?? null;

/** The fewest years of experience the text asks for, or null. */
export function minYearsFrom(text: string): number | null {
  const head = text.slice(0, 30_000);
  const match = earliestMatch(head, [
    YEARS,
    YEARS_IN_BRACKETS,
    FRENCH_YEARS,
    YEARS_AFTER_LABEL,
    YEARS_OF_EXPERIENCE_SHORT,
    A_YEAR_OR_DECADE,
  ]);
  const months = earliestMatch(head, [MONTHS_TO_YEARS, MONTHS_OF_EXPERIENCE]);
  if (months !== null && (match === null || months.index <= match.index))
    return Number(months[1]) / 12;
  if (match === null) return null;
  if (UP_TO.test(head.slice(Math.max(0, match.index - 8), match.index))) return 0;
  const raw = (match[1] ?? '').toLowerCase();
  // "0-2 years", "0 to 2 years": a range from none asks none, as "up to two years" does.
  if (raw === '0') return 0;
  return plausibleYears(NUMBER_WORDS[raw] ?? Number(raw));
}

/**
 * The lines of a text that say what they state is the least: "Minimum", "at least", "required",
 * "must have".
 */
export const linesStatingMinimum = (text: string): string =>
  text
    .split('\n')
    .filter((line) => /\b(?:minimum|at least|required|must have)\b/i.test(line))
    .join('\n');

const yearsOfName = (line: string): number | null =>
  plausibleYears(Number(YEARS_OF_NAME.exec(line)?.[1] ?? Number.NaN));

/** A line that says what the ideal candidate has: more than the least asked, when that is stated. */
const IDEAL = /\bideal(?:ly)?\b/i;

const yearsOfLines = (lines: readonly string[]): number[] =>
  lines.map((line) => minYearsFrom(line) ?? yearsOfName(line)).filter((years) => years !== null);

/**
 * The years a list of requirements asks: each line read as `minYearsFrom` reads it, the most of
 * them, since a candidate must meet every line ("2 years as an engineer" and "5 years as a
 * consultant" ask 5). A line's own range or alternative still counts by its first figure. The
 * ideal's years count only where no other line asks any ("6+ years ... Ideal candidates will have
 * 8-12 years" asks 6).
 */
export function yearsAskedIn(requirements: string): number | null {
  const lines = requirements.split('\n');
  const required = yearsOfLines(lines.filter((line) => !IDEAL.test(line)));
  const asked = required.length > 0 ? required : yearsOfLines(lines);
  return asked.length === 0 ? null : Math.max(...asked);
}
