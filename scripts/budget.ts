/**
 * The JavaScript budget (issue 14, goal 4): what each prerendered page loads before it hydrates,
 * i.e. its entry module and the modules it modulepreloads, gzipped, at most `BUDGET_BYTES` per
 * page. Prints a table of every page and fails above the budget, or when the session runtime
 * (Firebase, XState) leaks into a page's set. Prefetch hints (`rel=prefetch`) are not counted:
 * the browser fetches them at idle priority and does not run them.
 * Usage: tsx scripts/budget.ts [distDir]
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { OFFLINE_PAGE_PATH } from '../src/paths';

export const BUDGET_BYTES = 100 * 1024;

/** Text that only the session runtime's libraries contain, so finding it means they load first. */
const MUST_LOAD_LATER: readonly { library: string; marker: string }[] = [
  { library: 'firebase/auth', marker: 'identitytoolkit.googleapis.com' },
  { library: 'firebase/app', marker: 'firebase-heartbeat-database' },
  { library: 'xstate', marker: 'xstate.init' },
];

export interface FirstLoadFile {
  file: string;
  gzipBytes: number;
}

export interface BudgetReport {
  /** The page's HTML file, relative to the dist directory. */
  page: string;
  files: FirstLoadFile[];
  totalGzipBytes: number;
  leaks: string[];
}

function attribute(tag: string, name: string): string | null {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
}

/** The entry `<script type="module" src>` and every `<link rel="modulepreload" href>` of a page. */
export function firstLoadScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attribute(tag, 'type') === 'module')
    .map((tag) => attribute(tag, 'src'));
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attribute(tag, 'rel') === 'modulepreload')
    .map((tag) => attribute(tag, 'href'));
  return [...new Set([...scripts, ...preloads].filter((src): src is string => src !== null))];
}

/** Every HTML file the prerender wrote (not Vite's `.vite/` metadata). */
export async function prerenderedPages(distDir: string): Promise<string[]> {
  const entries = await readdir(distDir, { recursive: true, withFileTypes: true });
  return (
    entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => path.relative(distDir, path.join(entry.parentPath, entry.name)))
      .filter((file) => !file.startsWith('.'))
      // The offline page is a static file with no scripts at all.
      .filter((file) => `/${file}` !== OFFLINE_PAGE_PATH)
      .sort()
  );
}

export async function measureFirstLoad(
  distDir: string,
  page = 'index.html',
): Promise<BudgetReport> {
  const html = await readFile(path.join(distDir, page), 'utf8');
  const files: FirstLoadFile[] = [];
  const leaks: string[] = [];
  for (const src of firstLoadScripts(html)) {
    const code = await readFile(path.join(distDir, new URL(src, 'http://site/').pathname));
    files.push({ file: src, gzipBytes: gzipSync(code, { level: 9 }).length });
    const text = code.toString('utf8');
    for (const { library, marker } of MUST_LOAD_LATER) {
      if (text.includes(marker)) leaks.push(`${library} is in ${src}`);
    }
  }
  const totalGzipBytes = files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0);
  return { page, files, totalGzipBytes, leaks };
}

export async function measureSite(distDir: string): Promise<BudgetReport[]> {
  const pages = await prerenderedPages(distDir);
  return Promise.all(pages.map((page) => measureFirstLoad(distDir, page)));
}

/** What is wrong with a page's first load, if anything. */
export function problemsOf({ page, files, totalGzipBytes, leaks }: BudgetReport): string[] {
  return [
    ...(files.length === 0 ? [`${page}: no module scripts`] : []),
    ...(totalGzipBytes > BUDGET_BYTES ? [`${page}: over the budget`] : []),
    ...leaks.map((leak) => `${page}: loaded too early: ${leak} (it must load after hydration)`),
  ];
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.filename === process.argv[1]) {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const reports = await measureSite(distDir);
  const entry = (report: BudgetReport) => report.files[0]?.gzipBytes ?? 0;
  const width = Math.max(4, ...reports.map(({ page }) => page.length));
  console.log(
    `JavaScript before hydration per page (entry + modulepreloads, gzip -9), budget ${kilobytes(BUDGET_BYTES)}:`,
  );
  console.log(
    `  ${'page'.padEnd(width)}  ${'entry'.padStart(9)}  ${'preloads'.padStart(9)}  ${'total'.padStart(9)}`,
  );
  for (const report of reports) {
    const flag = problemsOf(report).length > 0 ? '  ✗' : '';
    console.log(
      `  ${report.page.padEnd(width)}  ${kilobytes(entry(report)).padStart(9)}  ${kilobytes(report.totalGzipBytes - entry(report)).padStart(9)}  ${kilobytes(report.totalGzipBytes).padStart(9)}${flag}`,
    );
  }
  const problems = reports.flatMap(problemsOf);
  for (const problem of problems) console.error(problem);
  if (reports.length === 0) console.error(`No HTML pages in ${distDir}.`);
  if (problems.length > 0 || reports.length === 0) process.exitCode = 1;
}
