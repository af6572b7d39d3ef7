import { JOB_SOURCES, type BoardRef, type JobSource } from './jobRecord';

/** The real APIs; `npm start` points these at the offline stand-in instead. */
export const REAL_API_BASE_URLS: Readonly<Record<JobSource, string>> = {
  greenhouse: 'https://boards-api.greenhouse.io',
  lever: 'https://api.lever.co',
  ashby: 'https://api.ashbyhq.com',
  workable: 'https://apply.workable.com',
  smartrecruiters: 'https://api.smartrecruiters.com',
  // Per company host ({company}.recruitee.com): the connector puts the company in the host name.
  recruitee: 'https://{company}.recruitee.com',
};

/** Environment variable holding each source's base URL. */
export const BASE_URL_SETTINGS: Readonly<Record<JobSource, string>> = {
  greenhouse: 'GREENHOUSE_API_URL',
  lever: 'LEVER_API_URL',
  ashby: 'ASHBY_API_URL',
  workable: 'WORKABLE_API_URL',
  smartrecruiters: 'SMARTRECRUITERS_API_URL',
  recruitee: 'RECRUITEE_API_URL',
};

/** Every source's base URL set to one address: the stand-in serves all six. */
export const everySourceAt = (url: string): Record<JobSource, string> =>
  Object.fromEntries(JOB_SOURCES.map((source) => [source, url])) as Record<JobSource, string>;

const isSource = (value: string): value is JobSource =>
  (JOB_SOURCES as readonly string[]).includes(value);

/** Board tokens as the APIs accept them in a path segment. */
export const isToken = (value: string) => {
  if (value.length === 0 || value.length > 100) return false;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    const ok =
      (code >= 48 && code <= 57) ||
      (code >= 65 && code <= 90) ||
      (code >= 97 && code <= 122) ||
      code === 45 ||
      code === 95 ||
      code === 46;
    if (!ok) return false;
  }
  return true;
};

/**
 * JOB_BOARDS: a comma-separated list of source:token, e.g. `greenhouse:acme,lever:globex,ashby:initech`.
 * Spaces around entries are ignored; duplicates are kept once. Throws one error naming every bad entry.
 */
export function parseJobBoards(value: string): BoardRef[] {
  const boards = new Map<string, BoardRef>();
  const bad: string[] = [];
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')) {
    const colon = entry.indexOf(':');
    const source = entry.slice(0, colon).trim().toLowerCase();
    const token = entry.slice(colon + 1).trim();
    if (colon === -1 || !isSource(source) || !isToken(token)) bad.push(entry);
    else boards.set(`${source}:${token}`, { source, token });
  }
  if (bad.length > 0) {
    throw new Error(
      `JOB_BOARDS: cannot read ${bad.map((entry) => `"${entry}"`).join(', ')}; write source:token, ` +
        `comma-separated, with source one of ${JOB_SOURCES.join(', ')} (e.g. greenhouse:acme,lever:globex)`,
    );
  }
  return [...boards.values()];
}

/** Each source's base URL from the environment, the real API where unset. Throws on a non-http(s) URL. */
export function sourceBaseUrls(
  env: Readonly<Record<string, string | undefined>>,
): Record<JobSource, string> {
  const urls = { ...REAL_API_BASE_URLS };
  for (const source of JOB_SOURCES) {
    const value = env[BASE_URL_SETTINGS[source]]?.trim();
    if (value === undefined || value === '') continue;
    const protocol = URL.canParse(value) ? new URL(value).protocol : '';
    if (protocol !== 'http:' && protocol !== 'https:') {
      throw new Error(`${BASE_URL_SETTINGS[source]} must be an http(s) URL, got "${value}"`);
    }
    urls[source] = value;
  }
  return urls;
}
