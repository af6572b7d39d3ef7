/**
 * The first-load JavaScript budget (issue 3, item 11): what a first visit to `/` loads before it is
 * interactive, i.e. the entry module and the modules the page preloads, gzipped. Prints the figure
 * and fails above the budget, or when the session runtime (Firebase, XState) leaks into that set.
 * Usage: tsx scripts/budget.ts [distDir]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 120 * 1024;

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

export async function measureFirstLoad(distDir: string): Promise<BudgetReport> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
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
  return { files, totalGzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), leaks };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.filename === process.argv[1]) {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const { files, totalGzipBytes, leaks } = await measureFirstLoad(distDir);
  console.log('First-load JavaScript of / (entry + modulepreloads, gzip -9):');
  for (const { file, gzipBytes } of files)
    console.log(`  ${kilobytes(gzipBytes).padStart(9)}  ${file}`);
  console.log(
    `  ${kilobytes(totalGzipBytes).padStart(9)}  total, budget ${kilobytes(BUDGET_BYTES)}`,
  );
  for (const leak of leaks)
    console.error(`Loaded too early: ${leak} (it must load after hydration)`);
  if (files.length === 0) console.error('No module scripts found in index.html.');
  if (totalGzipBytes > BUDGET_BYTES || leaks.length > 0 || files.length === 0) process.exitCode = 1;
}
