import { createHash } from 'node:crypto';
import type { jobs } from '../../db/schema';
import type { JobRecord } from '../jobRecord';
import { jobRemoteAreas } from './remoteAreas';
import { usPlacesOfRecord } from './usPlaces';

/** What a posting's row holds that its source decides: written on insert and on every change. */
export type JobContent = Omit<
  typeof jobs.$inferInsert,
  'id' | 'search' | 'source' | 'board' | 'externalId' | 'firstSeenAt' | 'closedAt' | 'updatedAt'
>;

/** A JobRecord as the columns its source decides, with the hash that tells a change. */
export function jobContentOf(record: JobRecord): JobContent {
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
    // Hourly and monthly pay converted to a year can have cents; the columns hold whole dollars.
    salaryMinUsd: record.salary === null ? null : Math.round(record.salary.minUsd),
    salaryMaxUsd: record.salary === null ? null : Math.round(record.salary.maxUsd),
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
