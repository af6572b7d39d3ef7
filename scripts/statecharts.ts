/**
 * Writes docs/statecharts from the machines: `npm run statecharts`.
 * With `--check` it writes nothing, and exits non-zero naming each stale file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGENERATE_COMMAND } from './statechart/markdown';
import { statechartFiles, type StatechartFile } from './statechartDocs';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

function absolutePathOf(file: StatechartFile): string {
  return join(repositoryRoot, file.path);
}

function isStale(file: StatechartFile): boolean {
  const path = absolutePathOf(file);
  return !existsSync(path) || readFileSync(path, 'utf8') !== file.contents;
}

function write(file: StatechartFile): void {
  const path = absolutePathOf(file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, file.contents);
}

function check(files: readonly StatechartFile[]): number {
  const stale = files.filter(isStale);
  for (const file of stale) {
    console.error(`${file.path} is stale: run \`${REGENERATE_COMMAND}\` and commit the result.`);
  }
  if (stale.length === 0) console.log(`${files.length} statechart files are up to date.`);
  return stale.length === 0 ? 0 : 1;
}

function generate(files: readonly StatechartFile[]): number {
  for (const file of files) {
    const changed = isStale(file);
    if (changed) write(file);
    console.log(`${changed ? 'wrote    ' : 'unchanged'} ${file.path}`);
  }
  return 0;
}

const files = statechartFiles();
process.exitCode = process.argv.includes('--check') ? check(files) : generate(files);
