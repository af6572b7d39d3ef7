// `npm test`: static checks (types, lint, formatting) beside every vitest project, which run inside one
// Auth Emulator, then one plain summary line `N passed, N failed` (the line CI reads). Skipped tests
// count as failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureTestChromium, NO_CHROMIUM_MESSAGE } from './chromium';
import { emulatorsExecArgs } from './emulator';

const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
let passed = 0;
let failed = 0;

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{ status: string; assertionResults: unknown[] }>;
}

/** Runs `command` with its output passed through; resolves with its exit code when it ends. */
function run(label: string, command: string, args: string[]): Promise<number | null> {
  console.log(`\n── ${label}: ${[command, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(`${label} could not start: ${error.message}`);
      resolve(null);
    });
    child.on('close', (status) => resolve(status));
  });
}

/** A static check, run beside the others: its output is printed in one block when it ends. */
function check(label: string, command: string, args: string[]): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, why = ''): void => {
      console.log(`\n── ${label}: ${[command, ...args].join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      if (ok) passed += 1;
      else {
        failed += 1;
        console.error(`✗ ${label} failed${why}`);
      }
      resolve();
    };
    child.on('error', (error) => finish(false, `: could not start (${error.message})`));
    child.on('close', (status) => finish(status === 0));
  });
}

// Beside the tests, not before them, and at a lower CPU priority (`nice`): the tests leave about
// half of both cores idle while they wait on pages and timers, which the checks fill instead of
// slowing the tests' start (the app's build). Each prints its result in one block when it ends.
const beside = (command: string, args: string[]): [string, string[]] =>
  process.platform === 'win32' ? [command, args] : ['nice', ['-n', '10', command, ...args]];
const staticChecks = Promise.all([
  check('typecheck', ...beside('npx', ['tsc', '--noEmit'])),
  check('lint', ...beside('npx', ['eslint', '.', '--max-warnings=0'])),
  check('format', ...beside('npx', ['prettier', '--check', '.'])),
]);

const chromium = ensureTestChromium();
if (chromium) env.CHROME_PATH = chromium;
else console.error(`${NO_CHROMIUM_MESSAGE} The browser tests will fail without it.`);

const reportDir = mkdtempSync(join(tmpdir(), 'applyfirst-test-'));
const report = join(reportDir, 'vitest.json');
const vitest = `npx vitest run --reporter=default --reporter=json --outputFile.json=${report}`;
const [, vitestExit] = await Promise.all([
  staticChecks,
  run('vitest inside the Auth Emulator', process.execPath, emulatorsExecArgs(['auth'], vitest)),
]);

if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  passed += results.numPassedTests;
  failed += results.numFailedTests + results.numPendingTests + results.numTodoTests;
  // A file that fails to load runs no tests but must not pass quietly.
  failed += results.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  // Errors outside any test (an unhandled rejection or 'error' event) fail the run but no test.
  if (vitestExit !== 0 && results.numFailedTests === 0) {
    failed += 1;
    console.error('✗ vitest ended with errors outside the tests (see "Unhandled Errors" above)');
  }
  if (results.numPendingTests + results.numTodoTests > 0) {
    console.error(
      `✗ ${results.numPendingTests + results.numTodoTests} skipped or todo tests count as failed`,
    );
  }
} else {
  failed += 1;
  console.error('✗ vitest produced no report (it or the emulator failed to start)');
}
rmSync(reportDir, { recursive: true, force: true });

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
