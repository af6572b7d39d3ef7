import { htmlToText } from '../normalise/htmlToText';
import type { BoardFailure } from './boardResult';
import { joinUrl } from './boardSource';
import { fetchJson } from './fetchJson';
import { isObject, objectAt, textAt, urlAt } from './json';

/** What a posting's details add to its list entry. */
export interface PostingDetails {
  readonly description: string;
  readonly url: string | null;
}

export const smartRecruitersPostingPath = (company: string, id: string) =>
  `/v1/companies/${encodeURIComponent(company)}/postings/${encodeURIComponent(id)}`;

/** The job ad's sections in reading order, each under its own heading. */
const SECTIONS = [
  'companyDescription',
  'jobDescription',
  'qualifications',
  'additionalInformation',
];

export function detailsOf(body: unknown): PostingDetails | null {
  if (!isObject(body)) return null;
  const sections = objectAt(objectAt(body, 'jobAd'), 'sections');
  const parts = SECTIONS.map((name) => {
    const section = objectAt(sections, name);
    const html = textAt(section, 'text');
    if (html === null) return '';
    const text = htmlToText(html);
    const title = textAt(section, 'title');
    return text === '' ? '' : title === null ? text : `${title}\n\n${text}`;
  });
  return {
    description: parts.filter((part) => part !== '').join('\n\n'),
    url: urlAt(body, 'postingUrl') ?? urlAt(body, 'applyUrl'),
  };
}

/**
 * Details already read, by company, posting id and release time (a re-released posting is read
 * again). The list answer carries no description, so without this every poll would cost one request
 * per posting; with it, only the new ones do. Bounded: the oldest entries go first.
 */
export class DetailsCache {
  private readonly entries = new Map<string, PostingDetails>();
  constructor(private readonly maxEntries = 20_000) {}

  get(key: string): PostingDetails | undefined {
    return this.entries.get(key);
  }

  set(key: string, details: PostingDetails): void {
    this.entries.delete(key);
    this.entries.set(key, details);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

export type DetailsAnswer =
  | { readonly ok: true; readonly details: PostingDetails | 'closed' }
  | { readonly ok: false; readonly failure: BoardFailure };

export interface DetailsRequest {
  readonly baseUrl: string;
  readonly company: string;
  readonly id: string;
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly now: Date;
}

/** One posting's details; a 404 means the posting closed since the list was read. */
export async function fetchDetails(request: DetailsRequest): Promise<DetailsAnswer> {
  const answer = await fetchJson(
    joinUrl(request.baseUrl, smartRecruitersPostingPath(request.company, request.id)),
    request.signal,
    request.timeoutMs,
    request.now,
  );
  if (!answer.ok)
    return answer.failure.kind === 'not-found' ? { ok: true, details: 'closed' } : answer;
  const details = detailsOf(answer.body);
  return details === null
    ? { ok: false, failure: { kind: 'malformed', detail: 'posting details are not an object' } }
    : { ok: true, details };
}
