import { createHash } from 'node:crypto';
import type { jobs } from '../../db/schema';
import type { JobRecord, YearlyPay } from '../jobRecord';
import { yearlyPayOf } from '../normalise/salary';
import { jobRemoteAreas } from './remoteAreas';
import { usPlacesOfRecord } from './usPlaces';

/** What a posting's row holds that its source decides: written on insert and on every change. */
export type JobContent = Omit<
  typeof jobs.$inferInsert,
  'id' | 'search' | 'source' | 'board' | 'externalId' | 'firstSeenAt' | 'closedAt' | 'updatedAt'
>;

/**
 * The stated pay as yearly figures in its currency: the US dollar range the reading settled on, else
 * the pay in another currency. Whole units: hourly and monthly pay converted to a year can have cents.
 */
function yearlyPay(record: JobRecord): YearlyPay | null {
  if (record.salary === null) return yearlyPayOf(record.pay);
  const { minUsd, maxUsd } = record.salary;
  return { currency: 'USD', min: Math.round(minUsd), max: Math.round(maxUsd) };
}

/** A JobRecord as the columns its source decides, with the hash that tells a change. */
export function jobContentOf(record: JobRecord): JobContent {
  const pay = yearlyPay(record);
  const content = {
    dedupeKey: record.dedupeKey,
    title: record.title,
    company: record.company,
    locations: [...record.locations],
    usPlaces: usPlacesOfRecord(record),
    remote: record.remote,
    remoteAreas: jobRemoteAreas(record),
    usEligibility: record.usEligibility,
    seniority: record.seniority,
    salaryCurrency: pay?.currency ?? null,
    salaryMinYearly: pay?.min ?? null,
    salaryMaxYearly: pay?.max ?? null,
    description: record.description,
    skills: [...record.skills],
    niceSkills: [...record.niceSkills],
    visa: record.visa,
    applyUrl: record.applyUrl,
    postedAt: record.postedAt === null ? null : new Date(record.postedAt),
  };
  const contentHash = createHash('sha256').update(JSON.stringify(content)).digest('hex');
  return { ...content, contentHash };
}
