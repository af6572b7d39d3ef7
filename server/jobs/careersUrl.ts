import type { FollowSource } from '../../contract';
import { isToken } from './settings';

/** The APIs a careers page URL can name (the contract's list). */
export type CareersSource = FollowSource;

/** Why a careers URL was not read: each is an `API_ERRORS` code. */
export type CareersUrlRefusal =
  | 'follow-url-invalid'
  | 'follow-url-not-http'
  | 'follow-url-unknown-host'
  | 'follow-url-no-company';

export type CareersUrlResult =
  | {
      readonly ok: true;
      readonly board: { readonly source: CareersSource; readonly token: string };
    }
  | { readonly ok: false; readonly code: CareersUrlRefusal };

/** Hosts whose first path segment names the company's board. */
const PATH_HOSTS: Readonly<Record<string, CareersSource>> = {
  'boards.greenhouse.io': 'greenhouse',
  'job-boards.greenhouse.io': 'greenhouse',
  'jobs.lever.co': 'lever',
  'jobs.ashbyhq.com': 'ashby',
  'apply.workable.com': 'workable',
  'careers.smartrecruiters.com': 'smartrecruiters',
  'jobs.smartrecruiters.com': 'smartrecruiters',
};

/** Domains whose subdomain names the company: `acme.recruitee.com`, `acme.workable.com`. */
const SUBDOMAIN_HOSTS: Readonly<Record<string, CareersSource>> = {
  'recruitee.com': 'recruitee',
  'workable.com': 'workable',
};

/** Subdomains and first path segments that are the service's own pages, never a company. */
const NOT_COMPANIES = new Set(['www', 'app', 'api', 'apply', 'jobs', 'help', 'support', 'blog']);
const NOT_COMPANY_PATHS = new Set(['embed', 'j', 'api', 'v1', 'jobs']);

/** Boards whose tokens the service reads case-blind: one spelling, so a board is polled once. */
const CASE_BLIND: ReadonlySet<CareersSource> = new Set([
  'greenhouse',
  'lever',
  'workable',
  'recruitee',
]);

const refuse = (code: CareersUrlRefusal): CareersUrlResult => ({ ok: false, code });

function parse(text: string): URL | CareersUrlRefusal {
  // A pasted address often comes without its scheme: `boards.greenhouse.io/acme`.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  const candidate = hasScheme ? text : `https://${text}`;
  if (!URL.canParse(candidate)) return 'follow-url-invalid';
  const url = new URL(candidate);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'follow-url-not-http';
  if (url.hostname === '' || !url.hostname.includes('.')) return 'follow-url-invalid';
  return url;
}

function decodedSegment(url: URL): string {
  const first = url.pathname.split('/').find((segment) => segment !== '') ?? '';
  try {
    return decodeURIComponent(first);
  } catch {
    // A malformed escape cannot be a board's name; the caller answers "no company".
    return '';
  }
}

function tokenOf(url: URL, source: CareersSource, host: string): string {
  const subdomainOf = Object.keys(SUBDOMAIN_HOSTS).find((domain) => host.endsWith(`.${domain}`));
  if (subdomainOf !== undefined && PATH_HOSTS[host] === undefined) {
    const label = host.slice(0, -(subdomainOf.length + 1));
    return label.includes('.') || NOT_COMPANIES.has(label) ? '' : label;
  }
  if (source === 'greenhouse' && url.pathname.startsWith('/embed/')) {
    return url.searchParams.get('for') ?? '';
  }
  const segment = decodedSegment(url);
  return NOT_COMPANY_PATHS.has(segment.toLowerCase()) ? '' : segment;
}

function sourceOf(host: string): CareersSource | null {
  const byPath = PATH_HOSTS[host];
  if (byPath !== undefined) return byPath;
  for (const [domain, source] of Object.entries(SUBDOMAIN_HOSTS)) {
    if (host === domain || host.endsWith(`.${domain}`)) return source;
  }
  return null;
}

/**
 * The job board a careers page URL shows, read from the URL alone: known hosts only, nothing is
 * ever fetched (a URL is never a way to make the backend call an address a user chose).
 */
export function recogniseCareersUrl(input: string): CareersUrlResult {
  const text = input.trim();
  if (text === '') return refuse('follow-url-invalid');
  const url = parse(text);
  if (typeof url === 'string') return refuse(url);
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const source = sourceOf(host);
  if (source === null) return refuse('follow-url-unknown-host');
  const raw = tokenOf(url, source, host).trim();
  if (!isToken(raw)) return refuse('follow-url-no-company');
  const token = CASE_BLIND.has(source) ? raw.toLowerCase() : raw;
  return { ok: true, board: { source, token } };
}
