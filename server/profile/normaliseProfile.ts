import type { AlertProfileInput, UsCity } from '../../contract';
import { ApiFailure } from '../apiFailure';
import { cleanLine } from '../http/text';
import { isCountryCode, residenceOf } from '../jobs/store/remoteAreas';
import { canonicalSkill } from '../skills/skillVocabulary';

/** ISO 4217 codes in use, as the runtime's own data has them (no list kept here). */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** Cleaned (`cleanLine`), without blanks or repeats (ignoring case), first spelling kept. */
export function uniqueTexts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const trimmed = cleanLine(value);
    const key = trimmed.toLowerCase();
    if (trimmed === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(trimmed);
  }
  return result;
}

export function uniqueCities(cities: readonly UsCity[]): UsCity[] {
  const seen = new Set<string>();
  return cities
    .map((entry) => ({ city: cleanLine(entry.city), state: entry.state }))
    .filter((entry) => {
      const key = `${entry.city.toLowerCase()}|${entry.state}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Skills as canonical names where the vocabulary knows them ("k8s" -> "Kubernetes"). */
export function canonicalSkills(skills: readonly string[]): string[] {
  return uniqueTexts(
    skills.map((skill) => {
      const clean = cleanLine(skill);
      return canonicalSkill(clean) ?? clean;
    }),
  );
}

/** Refuses (`invalid-request`) a value that is blank once cleaned: only invisible characters. */
function assertNoneBlank(values: readonly string[]): void {
  if (values.some((value) => cleanLine(value) === '')) throw new ApiFailure('invalid-request');
}

/**
 * A profile as it is stored; the schema has refused unsafe text already (profileSchema.ts) and a
 * country that is not two capitals, and this refuses an unassigned one (`country-unknown`), and a
 * currency code that names none the runtime knows (`currency-unknown`).
 */
export function normaliseProfile(input: AlertProfileInput): AlertProfileInput {
  const country = residenceOf(input.where);
  if (!isCountryCode(country)) throw new ApiFailure('country-unknown');
  if (input.minSalary !== null && !KNOWN_CURRENCIES.has(input.minSalary.currency))
    throw new ApiFailure('currency-unknown');
  assertNoneBlank([
    ...input.targetRoles,
    ...input.skills,
    ...input.where.usCities.map((entry) => entry.city),
  ]);
  return {
    targetRoles: uniqueTexts(input.targetRoles),
    skills: canonicalSkills(input.skills),
    where: {
      remoteUs: input.where.remoteUs,
      remoteWorldwide: input.where.remoteWorldwide,
      usStates: [...new Set(input.where.usStates)],
      usCities: uniqueCities(input.where.usCities),
      country,
    },
    seniority: input.seniority,
    minSalary: input.minSalary,
    needsVisaSponsorship: input.needsVisaSponsorship,
  };
}
