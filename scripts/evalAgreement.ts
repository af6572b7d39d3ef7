/**
 * How far the product's reading of one posting (its JobRecord) agrees with the hand label, field
 * by field, and the tallies the benchmark prints. A field the record does not have counts as wrong.
 */
import type { JobRecord } from '../server/jobs/jobRecord';
import { regionsOfCountry } from '../server/jobs/normalise/countryRegions';
import { canonicalSkill } from '../server/skills/skillVocabulary';
import type { LabelLevel, LabelPay, LabelRemote, PostingLabel, VisaAnswer } from './evalLabels';

/** The record's answer to each labelled question; null where the record has no such field. */
export interface ProductView {
  readonly remote: LabelRemote;
  readonly countries: readonly string[] | null;
  readonly regions: readonly string[] | null;
  readonly usStates: readonly string[];
  readonly openToUsBased: boolean;
  readonly level: LabelLevel;
  readonly minYears: number | null | undefined;
  readonly pay: LabelPay | null;
  readonly visa: VisaAnswer | null;
  readonly skills: readonly string[];
  /** Those of `skills` asked only as nice to have. */
  readonly niceSkills: readonly string[];
}

export function productView(record: JobRecord): ProductView {
  const pay = record.pay;
  return {
    remote: record.workplace,
    countries: record.countries,
    regions: record.regions,
    usStates: record.usStates,
    openToUsBased: record.usEligibility !== 'not-us',
    // The record's "lead" is a people manager.
    level: record.seniority === 'lead' ? 'manager' : record.seniority,
    minYears: record.minYears,
    pay:
      pay === null
        ? null
        : { currency: pay.currency, min: pay.min, max: pay.max, period: pay.period },
    visa: record.visa,
    skills: record.skills,
    niceSkills: record.niceSkills,
  };
}

export const FIELDS = [
  'remote',
  'place',
  'countries',
  'usStates',
  'openToUsBased',
  'level',
  'minYears',
  'pay',
  'noPayNone',
  'visa',
] as const;
export type Field = (typeof FIELDS)[number];

/** Canonical lower-case skill names, so "Postgres" in a label meets "PostgreSQL" in a record. */
export const skillKey = (name: string): string => (canonicalSkill(name) ?? name).toLowerCase();

const sameSet = (a: readonly string[], b: readonly string[]): boolean => {
  const left = new Set(a.map((item) => item.toUpperCase()));
  const right = new Set(b.map((item) => item.toUpperCase()));
  return left.size === right.size && [...left].every((item) => right.has(item));
};

/**
 * Where a posting may be done, as matching reads it (`jobRemoteAreas` against a seeker's country
 * and its regions): its regions, and its countries outside them, since a country inside a region
 * it names lets no one else in. The labels write such a place both ways ("Asia" with the entity's
 * country, or the region alone), and so does the product. Remote from anywhere is written both
 * ways too: no region, or "worldwide".
 */
function areasOf(countries: readonly string[], regions: readonly string[]): string[] {
  const named = regions.filter((region) => region !== 'worldwide');
  const outside = countries.filter(
    (country) => !regionsOfCountry(country.toUpperCase()).some((region) => named.includes(region)),
  );
  return [...named, ...outside];
}

/** Amounts agree when within half a percent: hourly and monthly figures are rounded differently. */
const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(1, 0.005 * Math.max(a, b));

const samePay = (label: LabelPay, product: LabelPay | null): boolean =>
  product !== null &&
  product.currency === label.currency &&
  product.period === label.period &&
  near(product.min, label.min) &&
  near(product.max, label.max);

export interface FieldOutcome {
  readonly field: Field;
  readonly agrees: boolean;
  readonly label: string;
  readonly product: string;
}

const shown = (value: unknown): string =>
  value === null ? 'none' : value === undefined ? '(no field)' : JSON.stringify(value);

/** Each field that applies to this posting, with whether the record agrees. */
export function compareFields(label: PostingLabel, view: ProductView): FieldOutcome[] {
  const outcomes: FieldOutcome[] = [];
  const add = (field: Field, agrees: boolean, labelValue: unknown, productValue: unknown) =>
    outcomes.push({ field, agrees, label: shown(labelValue), product: shown(productValue) });
  if (label.remote !== 'unclear')
    add('remote', view.remote === label.remote, label.remote, view.remote);
  const countriesAgree = view.countries !== null && sameSet(view.countries, label.countries);
  const statesAgree = sameSet(view.usStates, label.usStates);
  add(
    'place',
    view.countries !== null &&
      view.regions !== null &&
      sameSet(areasOf(view.countries, view.regions), areasOf(label.countries, label.regions)) &&
      statesAgree,
    { countries: label.countries, regions: label.regions, usStates: label.usStates },
    { countries: view.countries, regions: view.regions, usStates: view.usStates },
  );
  add('countries', countriesAgree, label.countries, view.countries);
  add('usStates', statesAgree, label.usStates, view.usStates);
  add(
    'openToUsBased',
    view.openToUsBased === label.openToUsBased,
    label.openToUsBased,
    view.openToUsBased,
  );
  add('level', view.level === label.level, label.level, view.level);
  add('minYears', view.minYears === label.minYears, label.minYears, view.minYears);
  if (label.pay !== null) add('pay', samePay(label.pay, view.pay), label.pay, view.pay);
  else add('noPayNone', view.pay === null, null, view.pay);
  add('visa', view.visa === label.visa, label.visa, view.visa);
  return outcomes;
}

export interface SkillOutcome {
  /** Skills the record names that the label has (required or nice to have). */
  readonly truePositives: readonly string[];
  readonly falsePositives: readonly string[];
  readonly missed: readonly string[];
  readonly requiredFound: number;
  readonly required: number;
}

export function compareSkills(label: PostingLabel, view: ProductView): SkillOutcome {
  const labelled = new Set([...label.skillsRequired, ...label.skillsNiceToHave].map(skillKey));
  const required = new Set(label.skillsRequired.map(skillKey));
  const found = new Set(view.skills.map(skillKey));
  return {
    truePositives: [...found].filter((skill) => labelled.has(skill)),
    falsePositives: [...found].filter((skill) => !labelled.has(skill)),
    missed: [...labelled].filter((skill) => !found.has(skill)),
    requiredFound: [...required].filter((skill) => found.has(skill)).length,
    required: required.size,
  };
}

/**
 * Of the labelled skills the record names, how many it asks as the label does (required, or only
 * nice to have): the match card's "Missing" names the required ones only.
 */
export function compareSkillStatus(
  label: PostingLabel,
  view: ProductView,
): { asLabelled: number; found: number } {
  const required = new Set(label.skillsRequired.map(skillKey));
  const nice = new Set(label.skillsNiceToHave.map(skillKey));
  const niceInRecord = new Set(view.niceSkills.map(skillKey));
  const found = [...new Set(view.skills.map(skillKey))].filter(
    (skill) => required.has(skill) || nice.has(skill),
  );
  return {
    // A skill labelled both ways counts as required, as compareSkills counts it.
    asLabelled: found.filter((skill) => required.has(skill) !== niceInRecord.has(skill)).length,
    found: found.length,
  };
}

/** Agreement counts of one group of postings (a split, an API). */
export class Tally {
  readonly fields = new Map<Field, { agree: number; total: number }>();
  postings = 0;
  skillTruePositives = 0;
  skillFound = 0;
  skillLabelled = 0;
  requiredFound = 0;
  required = 0;
  statusAsLabelled = 0;
  statusFound = 0;

  add(
    outcomes: readonly FieldOutcome[],
    skills: SkillOutcome,
    status?: { asLabelled: number; found: number },
  ): void {
    this.postings += 1;
    for (const outcome of outcomes) {
      const count = this.fields.get(outcome.field) ?? { agree: 0, total: 0 };
      count.total += 1;
      if (outcome.agrees) count.agree += 1;
      this.fields.set(outcome.field, count);
    }
    this.skillTruePositives += skills.truePositives.length;
    this.skillFound += skills.truePositives.length + skills.falsePositives.length;
    this.skillLabelled += skills.truePositives.length + skills.missed.length;
    this.requiredFound += skills.requiredFound;
    this.required += skills.required;
    this.statusAsLabelled += status?.asLabelled ?? 0;
    this.statusFound += status?.found ?? 0;
  }

  /** Each figure as [agreeing, out of]. */
  figures(): [string, number, number][] {
    return [
      ...FIELDS.map((field): [string, number, number] => {
        const count = this.fields.get(field) ?? { agree: 0, total: 0 };
        return [field, count.agree, count.total];
      }),
      ['skillRequiredOrNice', this.statusAsLabelled, this.statusFound],
      ['skillPrecision', this.skillTruePositives, this.skillFound],
      ['skillRecall', this.skillTruePositives, this.skillLabelled],
      ['requiredRecall', this.requiredFound, this.required],
    ];
  }
}
