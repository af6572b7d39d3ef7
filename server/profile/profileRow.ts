import type { AlertProfile, AlertProfileInput } from '../../contract';
import type { profiles } from '../db/schema';
import { residenceOf } from '../jobs/store/remoteAreas';

type ProfileRow = typeof profiles.$inferSelect;

/** A stored profile row as the API's profile. */
export function toAlertProfile(row: ProfileRow): AlertProfile {
  return {
    targetRoles: row.targetRoles,
    skills: row.skills,
    where: {
      remoteUs: row.remoteUs,
      remoteWorldwide: row.remoteWorldwide,
      usStates: row.usStates,
      usCities: row.usCities,
      country: row.country,
    },
    seniority: row.seniority,
    minSalary:
      row.minSalaryAmount === null || row.minSalaryCurrency === null || row.minSalaryPeriod === null
        ? null
        : {
            amount: row.minSalaryAmount,
            currency: row.minSalaryCurrency,
            period: row.minSalaryPeriod,
          },
    needsVisaSponsorship: row.needsVisaSponsorship,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A profile as its row's columns (a bulk load uses them too: scripts/benchMatching.ts). */
export function toColumns(profile: AlertProfileInput) {
  return {
    targetRoles: profile.targetRoles,
    skills: profile.skills,
    remoteUs: profile.where.remoteUs,
    remoteWorldwide: profile.where.remoteWorldwide,
    usStates: profile.where.usStates,
    usCities: profile.where.usCities,
    country: residenceOf(profile.where),
    seniority: profile.seniority,
    minSalaryAmount: profile.minSalary?.amount ?? null,
    minSalaryCurrency: profile.minSalary?.currency ?? null,
    minSalaryPeriod: profile.minSalary?.period ?? null,
    needsVisaSponsorship: profile.needsVisaSponsorship,
    updatedAt: new Date(),
  };
}
