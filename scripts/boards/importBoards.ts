import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { DefaultBoard } from '../../server/jobs/boards/defaultBoards';
import { isToken } from '../../server/jobs/settings';

/**
 * Builds the default board list from public aggregators' own lists (server/jobs/boards/README.md
 * names each, with the commit read). A board is kept only when two independent lists name it:
 * one list alone may hold a guessed token or a board long gone.
 */

type Api = 'greenhouse' | 'lever' | 'ashby' | 'workable';
const APIS: readonly Api[] = ['greenhouse', 'lever', 'ashby', 'workable'];

/** Tokens the APIs read case-blind, kept in one spelling as careersUrl.ts keeps them. */
const CASE_BLIND: ReadonlySet<Api> = new Set(['greenhouse', 'lever', 'workable']);

/** One list's boards: token (as the list spells it) and the company name when it gives one. */
interface Listed {
  readonly token: string;
  readonly company: string | null;
}

export interface SourceCheckouts {
  /** github.com/Feashliaa/job-board-aggregator: data/<api>_companies.json, token arrays. */
  readonly feashliaa: string;
  /** github.com/stapply-ai/ats-scrapers: name,url CSVs per API. */
  readonly stapply: string;
  /** github.com/rishilahoti/ashby-job-scraper: src/sources/registry.json, Ashby names and slugs. */
  readonly rishilahoti: string;
  /** github.com/matthew-holman/career_unplugged: app/seeds/data/<api>_pages.py seed lists. */
  readonly careerunplugged: string;
}

const STAPPLY_FILES: Readonly<Record<Api, string>> = {
  greenhouse: 'greenhouse/greenhouse_companies.csv',
  lever: 'lever/lever_companies.csv',
  ashby: 'ashby/companies.csv',
  workable: 'workable/workable_companies.csv',
};

/** The board hosts whose first path segment is the token, per API. */
const BOARD_HOSTS: Readonly<Record<Api, readonly string[]>> = {
  greenhouse: ['boards.greenhouse.io', 'job-boards.greenhouse.io'],
  lever: ['jobs.lever.co'],
  ashby: ['jobs.ashbyhq.com'],
  workable: ['apply.workable.com'],
};

/**
 * career_unplugged's seeds are Python dicts `{"company_name": ..., "url": ...}`; only URLs on the
 * API's own board host name a token (others are companies' careers pages).
 */
function readCareerUnplugged(directory: string, api: Api): Listed[] {
  const text = readFileSync(path.join(directory, 'app/seeds/data', `${api}_pages.py`), 'utf8');
  const listed: Listed[] = [];
  for (const match of text.matchAll(/"company_name":\s*"([^"]*)",\s*"url":\s*"([^"]+)"/g)) {
    const url = URL.canParse(match[2] ?? '') ? new URL(match[2] ?? '') : null;
    if (url === null || !BOARD_HOSTS[api].includes(url.hostname)) continue;
    const token = decodeURIComponent(url.pathname.split('/')[1] ?? '');
    listed.push({ token, company: match[1]?.trim() || null });
  }
  return listed;
}

/** stapply's rows are `name,url` with the board's URL last, its first path segment the token. */
function readStapply(file: string): Listed[] {
  const rows = readFileSync(file, 'utf8').split(/\r?\n/).slice(1);
  return rows
    .map((row) => row.trim())
    .filter((row) => row !== '')
    .map((row) => {
      const comma = row.lastIndexOf(',');
      const token = decodeURIComponent(new URL(row.slice(comma + 1)).pathname.split('/')[1] ?? '');
      return { token, company: row.slice(0, comma).replace(/^"|"$/g, '').trim() || null };
    });
}

function readLists(checkouts: SourceCheckouts): Record<string, Record<Api, Listed[]>> {
  const feashliaa = (api: Api): Listed[] =>
    (
      JSON.parse(
        readFileSync(path.join(checkouts.feashliaa, 'data', `${api}_companies.json`), 'utf8'),
      ) as string[]
    ).map((token) => ({ token, company: null }));
  const registry = JSON.parse(
    readFileSync(path.join(checkouts.rishilahoti, 'src/sources/registry.json'), 'utf8'),
  ) as { company: string; ashbySlug: string }[];
  return {
    feashliaa: {
      greenhouse: feashliaa('greenhouse'),
      lever: feashliaa('lever'),
      ashby: feashliaa('ashby'),
      workable: [],
    },
    stapply: {
      greenhouse: readStapply(path.join(checkouts.stapply, STAPPLY_FILES.greenhouse)),
      lever: readStapply(path.join(checkouts.stapply, STAPPLY_FILES.lever)),
      ashby: readStapply(path.join(checkouts.stapply, STAPPLY_FILES.ashby)),
      workable: readStapply(path.join(checkouts.stapply, STAPPLY_FILES.workable)),
    },
    rishilahoti: {
      greenhouse: [],
      lever: [],
      ashby: registry.map((entry) => ({ token: entry.ashbySlug, company: entry.company })),
      workable: [],
    },
    careerunplugged: {
      greenhouse: readCareerUnplugged(checkouts.careerunplugged, 'greenhouse'),
      lever: readCareerUnplugged(checkouts.careerunplugged, 'lever'),
      ashby: readCareerUnplugged(checkouts.careerunplugged, 'ashby'),
      workable: readCareerUnplugged(checkouts.careerunplugged, 'workable'),
    },
  };
}

/** Which list's company name wins: a person's spelling over one made from the token. */
const NAME_ORDER = ['rishilahoti', 'stapply', 'careerunplugged'];

export interface ImportSummary {
  readonly boards: DefaultBoard[];
  /** Boards only one list names, by API. */
  readonly singleSource: Record<Api, number>;
  /** Tokens the APIs cannot take in a path (isToken), by API. */
  readonly badTokens: Record<Api, number>;
}

export function importBoards(checkouts: SourceCheckouts): ImportSummary {
  const lists = readLists(checkouts);
  const boards: DefaultBoard[] = [];
  const singleSource: Record<Api, number> = { greenhouse: 0, lever: 0, ashby: 0, workable: 0 };
  const badTokens: Record<Api, number> = { greenhouse: 0, lever: 0, ashby: 0, workable: 0 };
  for (const api of APIS) {
    const seen = new Map<
      string,
      { token: string; names: Map<string, string>; origins: string[] }
    >();
    for (const [origin, byApi] of Object.entries(lists)) {
      for (const listed of byApi[api]) {
        const token = CASE_BLIND.has(api) ? listed.token.toLowerCase() : listed.token;
        if (!isToken(token)) {
          badTokens[api] += 1;
          continue;
        }
        const key = token.toLowerCase();
        const entry = seen.get(key) ?? {
          token,
          names: new Map<string, string>(),
          origins: [] as string[],
        };
        if (!entry.origins.includes(origin)) entry.origins.push(origin);
        if (listed.company !== null) entry.names.set(origin, listed.company);
        seen.set(key, entry);
      }
    }
    for (const entry of seen.values()) {
      if (entry.origins.length < 2) {
        singleSource[api] += 1;
        continue;
      }
      const name = NAME_ORDER.map((origin) => entry.names.get(origin)).find((n) => n !== undefined);
      boards.push({
        company: name ?? entry.token,
        source: api,
        token: entry.token,
        website: '',
        origin: [...entry.origins].sort().join(' '),
      });
    }
  }
  boards.sort((a, b) => a.source.localeCompare(b.source) || a.token.localeCompare(b.token));
  return { boards, singleSource, badTokens };
}
