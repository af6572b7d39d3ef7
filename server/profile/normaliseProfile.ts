import type { AlertProfileInput, UsCity } from '../../src/backendApi';
import { canonicalSkill } from '../skills/skillVocabulary';

/** Trimmed, without repeats (ignoring case), first spelling kept. */
export function uniqueTexts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const value of values) {
    const trimmed = value.trim().replace(/\s+/g, ' ');
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
    .map((entry) => ({ city: entry.city.trim().replace(/\s+/g, ' '), state: entry.state }))
    .filter((entry) => {
      const key = `${entry.city.toLowerCase()}|${entry.state}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Skills as canonical names where the vocabulary knows them ("k8s" -> "Kubernetes"). */
export function canonicalSkills(skills: readonly string[]): string[] {
  return uniqueTexts(skills.map((skill) => canonicalSkill(skill) ?? skill));
}

export function normaliseProfile(input: AlertProfileInput): AlertProfileInput {
  return {
    targetRoles: uniqueTexts(input.targetRoles),
    skills: canonicalSkills(input.skills),
    where: {
      remoteUs: input.where.remoteUs,
      remoteWorldwide: input.where.remoteWorldwide,
      usStates: [...new Set(input.where.usStates)],
      usCities: uniqueCities(input.where.usCities),
    },
    seniority: input.seniority,
    minSalaryUsd: input.minSalaryUsd,
    needsVisaSponsorship: input.needsVisaSponsorship,
  };
}
