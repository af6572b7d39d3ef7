import { findSkills } from '../../skills/skillVocabulary';
import type { BoardRef, JobRecord, SalaryRange } from '../jobRecord';
import { dedupeKey } from './dedupeKey';
import { seniorityFromTitle } from './seniority';
import { isRemote, usEligibility, type LocationFacts } from './usEligibility';

/** What a source parser reads out of one posting; the rest of a JobRecord is derived from it. */
export interface PostingDraft extends LocationFacts {
  readonly title: string;
  readonly company: string;
  readonly externalId: string;
  readonly salary: SalaryRange | null;
  /** Plain text already. */
  readonly description: string;
  readonly postedAt: string | null;
  readonly applyUrl: string;
}

export function toJobRecord(draft: PostingDraft, board: BoardRef, seenAt: Date): JobRecord {
  return {
    title: draft.title,
    company: draft.company,
    board,
    externalId: draft.externalId,
    locations: draft.locations,
    remote: isRemote(draft),
    usEligibility: usEligibility(draft),
    seniority: seniorityFromTitle(draft.title),
    salary: draft.salary,
    description: draft.description,
    skills: findSkills(`${draft.title}\n${draft.description}`),
    postedAt: draft.postedAt,
    firstSeenAt: seenAt.toISOString(),
    applyUrl: draft.applyUrl,
    dedupeKey: dedupeKey(draft.company, draft.title, draft.locations),
  };
}
