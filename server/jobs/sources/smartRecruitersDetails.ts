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
 * Details already read, per board, by posting id and release time (a re-released posting is read
 * again). The list answer carries no description, so without this every poll would cost one request
 * per posting; with it, only the new ones do. Each board keeps only its listed postings; past
 * `maxEntries` in all, the boards read longest ago are forgotten whole (read again when next polled).
 */
export class DetailsCache {
  private readonly boards = new Map<string, ReadonlyMap<string, PostingDetails>>();
  private total = 0;
  constructor(private readonly maxEntries = 5_000) {}

  of(board: string): ReadonlyMap<string, PostingDetails> {
    return this.boards.get(board) ?? new Map();
  }

  /** Replaces what a board keeps: the details of the postings it lists now. */
  keep(board: string, details: ReadonlyMap<string, PostingDetails>): void {
    this.total -= this.boards.get(board)?.size ?? 0;
    this.boards.delete(board);
    this.boards.set(board, details);
    this.total += details.size;
    for (const [oldest, kept] of this.boards) {
      if (this.total <= this.maxEntries || oldest === board) break;
      this.boards.delete(oldest);
      this.total -= kept.size;
    }
  }

  get size(): number {
    return this.total;
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
