import { postingSkillsOf } from '../../skills/postingSkills';
import type { BoardRef, JobRecord, Pay, SalaryRange } from '../jobRecord';
import { dedupeKey } from './dedupeKey';
import { repairMojibake } from './mojibake';
import { dollarOf, payFromText } from './payText';
import { roleText } from './roleText';
import { yearlyUsdOf } from './salary';
import { seniorityOf } from './seniority';
import { linesStatingMinimum, minYearsFrom, yearsAskedIn } from './yearsAsked';
import { readWhere, type LocationFacts } from './usEligibility';
import { visaFrom } from './visa';

/** What a source parser reads out of one posting; the rest of a JobRecord is derived from it. */
export interface PostingDraft extends LocationFacts {
  readonly title: string;
  readonly company: string;
  readonly externalId: string;
  /** Yearly US dollars, for a source that gives only that; `pay` is read first. */
  readonly salary: SalaryRange | null;
  /** The source's structured pay in its own currency and period. */
  readonly pay?: Pay | null;
  /** The source's own level field (Lever categories.level). */
  readonly level?: string | null;
  /** Plain text already. */
  readonly description: string;
  readonly postedAt: string | null;
  readonly applyUrl: string;
}

const yearlyUsdPay = (salary: SalaryRange | null): Pay | null =>
  salary === null
    ? null
    : { currency: 'USD', min: salary.minUsd, max: salary.maxUsd, period: 'year' };

const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Whether a skill is the company's own product ("Datadog" at Datadog): not asked of anyone. */
const isOwnProduct = (skill: string, company: string, board: BoardRef) =>
  [nameKey(company), nameKey(board.token)].includes(nameKey(skill));

/** Text without the lines of another text drawn from it. */
function withoutLines(text: string, drawn: string): string {
  const lines = new Set(drawn.split('\n').map((line) => line.trim()));
  return text
    .split('\n')
    .filter((line) => line.trim() === '' || !lines.has(line.trim()))
    .join('\n');
}

/**
 * A posting read as a person reads it: the source's structured fields first, the text only where
 * they are silent. Skills come from the role's own sections (requirements, responsibilities, nice
 * to haves), not from the company blurb or the benefits.
 */
export function toJobRecord(posting: PostingDraft, board: BoardRef, seenAt: Date): JobRecord {
  // Some boards store UTF-8 read as Windows-1252 ("Weâ€™re"): read the text that was meant.
  const draft = { ...posting, description: repairMojibake(posting.description) };
  const where = readWhere(draft, draft.description);
  const pay =
    draft.pay ??
    yearlyUsdPay(draft.salary) ??
    payFromText(draft.description, dollarOf(where.countries));
  const role = roleText(draft.description);
  // Years named only under a nice-to-have heading are not asked, though they say the level,
  // unless their own line says they are the least ("Minimum 6mos-1 year of ... experience").
  const minYears =
    yearsAskedIn(role.required) ??
    minYearsFrom(withoutLines(draft.description, role.niceSections)) ??
    yearsAskedIn(linesStatingMinimum(role.niceSections));
  const skills = postingSkillsOf({ title: draft.title, company: draft.company, ...role });
  return {
    title: draft.title,
    company: draft.company,
    board,
    externalId: draft.externalId,
    locations: draft.locations,
    remote: where.workplace === 'remote',
    workplace: where.workplace,
    countries: where.countries,
    regions: where.regions,
    usStates: where.usStates,
    cities: where.cities,
    usEligibility: where.usEligibility,
    seniority: seniorityOf(
      draft.title,
      minYears ?? minYearsFrom(role.niceSections),
      draft.level ?? null,
      draft.description,
    ),
    minYears,
    pay,
    salary: draft.salary ?? yearlyUsdOf(pay),
    visa: visaFrom(draft.description),
    description: draft.description,
    skills: skills.skills.filter((skill) => !isOwnProduct(skill, draft.company, board)),
    niceSkills: skills.niceSkills.filter((skill) => !isOwnProduct(skill, draft.company, board)),
    postedAt: draft.postedAt,
    firstSeenAt: seenAt.toISOString(),
    applyUrl: draft.applyUrl,
    dedupeKey: dedupeKey(draft.company, draft.title, draft.locations),
  };
}
