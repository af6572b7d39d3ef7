/**
 * npm run boards -- check [--concurrency 4] [--timeout 15] [--file path] [--source greenhouse]
 *   Probes every board of the default list (or --file) against its API, the real one unless
 *   <SOURCE>_API_URL says otherwise, and reports the dead ones. Exit code 1 when some look dead.
 * npm run boards -- import --feashliaa DIR --stapply DIR --rishilahoti DIR --careerunplugged DIR [--out path]
 *   Rebuilds the list from checkouts of the public lists (server/jobs/boards/README.md).
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { checkBoards, DEAD_VERDICTS, formatCheckReport } from '../server/jobs/boards/checkBoards';
import { DEFAULT_BOARDS_FILE, loadDefaultBoards } from '../server/jobs/boards/defaultBoards';
import { BOARD_FETCHERS } from '../server/jobs/sources/fetchBoard';
import { sourceBaseUrls } from '../server/jobs/settings';
import { importBoards } from './boards/importBoards';

const USAGE =
  'Usage: npm run boards -- check [--concurrency N] [--timeout SECONDS] [--file PATH] [--source API]\n' +
  '       npm run boards -- import --feashliaa DIR --stapply DIR --rishilahoti DIR --careerunplugged DIR [--out PATH]';

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`--${name} must be a positive whole number`);
  return value;
}

/** Runs `check`; resolves to the exit code. */
export async function runCheck(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  write: (line: string) => void,
): Promise<number> {
  const { values } = parseArgs({
    args: [...args],
    options: {
      concurrency: { type: 'string', default: '4' },
      timeout: { type: 'string', default: '15' },
      file: { type: 'string', default: DEFAULT_BOARDS_FILE },
      source: { type: 'string' },
    },
  });
  const loaded = loadDefaultBoards(values.file);
  const boards = loaded.boards.filter(
    (board) => values.source === undefined || board.source === values.source,
  );
  for (const [source, count] of Object.entries(loaded.skipped)) {
    write(`skipped ${count} ${source} boards: the backend cannot read ${source} yet`);
  }
  const concurrency = positive('concurrency', values.concurrency);
  const timeoutMs = positive('timeout', values.timeout) * 1000;
  write(
    `probing ${boards.length} boards, ${concurrency} at once per API, ${timeoutMs / 1000} s each`,
  );
  const checked = await checkBoards({
    boards,
    fetchers: BOARD_FETCHERS,
    baseUrls: sourceBaseUrls(env),
    concurrency,
    timeoutMs,
  });
  write(formatCheckReport(checked));
  return checked.some(({ probe }) => DEAD_VERDICTS.has(probe.verdict)) ? 1 : 0;
}

function runImport(args: readonly string[], write: (line: string) => void): number {
  const { values } = parseArgs({
    args: [...args],
    options: {
      feashliaa: { type: 'string' },
      stapply: { type: 'string' },
      rishilahoti: { type: 'string' },
      careerunplugged: { type: 'string' },
      out: { type: 'string', default: DEFAULT_BOARDS_FILE },
    },
  });
  const { feashliaa, stapply, rishilahoti, careerunplugged } = values;
  if (
    feashliaa === undefined ||
    stapply === undefined ||
    rishilahoti === undefined ||
    careerunplugged === undefined
  ) {
    throw new Error('import needs --feashliaa, --stapply, --rishilahoti and --careerunplugged');
  }
  const summary = importBoards({ feashliaa, stapply, rishilahoti, careerunplugged });
  writeFileSync(values.out, `${JSON.stringify(summary.boards, null, 2)}\n`);
  write(`wrote ${summary.boards.length} boards to ${values.out}`);
  write(`left out, named by one list only: ${JSON.stringify(summary.singleSource)}`);
  write(`left out, not a board token: ${JSON.stringify(summary.badTokens)}`);
  return 0;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const write = (line: string) => console.log(line);
  try {
    if (command === 'check') return await runCheck(rest, process.env, write);
    if (command === 'import') return runImport(rest, write);
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  console.error(USAGE);
  return 2;
}

if (import.meta.filename === process.argv[1]) process.exitCode = await main();
