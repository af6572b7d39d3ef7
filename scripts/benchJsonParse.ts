/**
 * Reading a job board's answer whole and giving it to JSON.parse, against parsing it as a stream
 * as its bytes arrive (server/jobs/sources/readJsonBody.ts), on the largest recorded answers and
 * one synthetic Greenhouse-shaped answer of about 20 MB made of real postings by repetition.
 * Prints, side by side, the median time and the peak memory (RSS and heap) of each path; each
 * measurement runs in a fresh child process so one path's garbage never counts against the other.
 *
 *   npm run bench:json-parse [-- --runs 9]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { uptime, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readJsonBody, type BodyLimits } from '../server/jobs/sources/readJsonBody';

const ROOT = path.join(import.meta.dirname, '..');
const CHUNK_BYTES = 64 * 1024;
const SYNTHETIC_BYTES = 20 * 1024 * 1024;
const SYNTHETIC_FROM = 'eval/matching/postings/greenhouse';
const PATHS = {
  'JSON.parse': { maxBytes: 64 * 1024 * 1024, streamFromBytes: Number.POSITIVE_INFINITY },
  stream: { maxBytes: 64 * 1024 * 1024, streamFromBytes: 0 },
} satisfies Record<string, BodyLimits>;
type PathName = keyof typeof PATHS;

interface Input {
  readonly name: string;
  /** The answer's bytes, chunk by chunk, made only as they are read (as from the network). */
  readonly chunks: () => Generator<Uint8Array>;
  readonly bytes: number;
}

function* inChunks(bytes: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

const filesIn = (directory: string): string[] =>
  readdirSync(path.join(ROOT, directory), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(directory, file));

const largest = (files: readonly string[], count: number) =>
  [...files]
    .sort((a, b) => statSync(path.join(ROOT, b)).size - statSync(path.join(ROOT, a)).size)
    .slice(0, count);

function fileInput(file: string): Input {
  const bytes = readFileSync(path.join(ROOT, file));
  return { name: file, chunks: () => inChunks(bytes), bytes: bytes.length };
}

/** The real Greenhouse postings of the recorded answers, repeated under new ids to ~20 MB. */
function syntheticInput(): Input {
  const postings = filesIn(SYNTHETIC_FROM).flatMap(
    (file) => (JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { jobs: object[] }).jobs,
  );
  const sizes = postings.map((posting) => Buffer.byteLength(JSON.stringify(posting)) + 1);
  const perRound = sizes.reduce((sum, size) => sum + size, 0);
  const count = Math.ceil(SYNTHETIC_BYTES / perRound) * postings.length;
  const encoder = new TextEncoder();
  function* chunks(): Generator<Uint8Array> {
    let pending = '{"jobs":[';
    for (let index = 0; index < count; index += 1) {
      const posting = postings[index % postings.length];
      pending += `${index === 0 ? '' : ','}${JSON.stringify({ ...posting, id: 9_000_000 + index })}`;
      if (pending.length >= CHUNK_BYTES) {
        yield encoder.encode(pending);
        pending = '';
      }
    }
    yield encoder.encode(`${pending}],"meta":{"total":${count}}}`);
  }
  let bytes = 0;
  for (const chunk of chunks()) bytes += chunk.byteLength;
  return {
    name: `synthetic Greenhouse (${postings.length} real postings x ${count / postings.length})`,
    chunks,
    bytes,
  };
}

function inputs(): Input[] {
  return [
    ...largest(filesIn('dev/jobBoards/fixtures'), 2).map(fileInput),
    ...largest(filesIn('eval/matching/postings'), 3).map(fileInput),
    syntheticInput(),
  ];
}

const streamOf = (chunks: Iterator<Uint8Array>): ReadableStream<Uint8Array> => {
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done === true) controller.close();
      else controller.enqueue(next.value);
    },
  });
};

async function parseOnce(chunks: Iterator<Uint8Array>, name: PathName): Promise<unknown> {
  const parsed = await readJsonBody(streamOf(chunks), PATHS[name]);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.failure));
  return parsed.value;
}

interface Measured {
  readonly medianMs: number;
  readonly peakRssMb: number;
  readonly peakHeapMb: number;
}

const MB = 1024 * 1024;
const WARM_BYTES = 8 * MB;
const WARM_RUNS_MAX = 500;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** In a fresh child: one run for memory (peaks over the child's own start), then the timed runs. */
async function measure(inputIndex: number, name: PathName, runs: number): Promise<Measured> {
  const input = inputs()[inputIndex];
  if (input === undefined) throw new Error(`no input ${inputIndex}`);
  const gc = globalThis.gc;
  if (gc === undefined) throw new Error('run with --expose-gc');
  gc();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  let peakHeap = heapBefore;
  const sampler = setInterval(() => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 1);
  const value = await parseOnce(input.chunks(), name);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  clearInterval(sampler);
  const peakRss = process.resourceUsage().maxRSS * 1024;
  if (value === null) throw new Error('no value');
  // Timed on bytes made beforehand, so making them counts in neither path; small answers run more
  // often, as a poller reading thousands of boards runs its parser warm.
  const chunks = [...input.chunks()];
  const times: number[] = [];
  const timedRuns = Math.min(WARM_RUNS_MAX, Math.max(runs, Math.floor(WARM_BYTES / input.bytes)));
  for (let run = 0; run < timedRuns; run += 1) {
    if (input.bytes > CHUNK_BYTES) gc();
    const started = performance.now();
    await parseOnce(chunks.values(), name);
    times.push(performance.now() - started);
  }
  return {
    medianMs: median(times),
    peakRssMb: (peakRss - rssBefore) / MB,
    peakHeapMb: (peakHeap - heapBefore) / MB,
  };
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '7' }, child: { type: 'string' } },
  });
  const runs = Number(values.runs);
  if (values.child !== undefined) {
    const [index, name] = values.child.split(':') as [string, PathName];
    process.stdout.write(JSON.stringify(await measure(Number(index), name, runs)));
    return;
  }
  const all = inputs();
  const rows: string[][] = [];
  for (const [index, input] of all.entries()) {
    const measured = Object.fromEntries(
      (Object.keys(PATHS) as PathName[]).map((name) => {
        const output = execFileSync(
          process.execPath,
          [
            '--expose-gc',
            '--import',
            'tsx',
            path.join(import.meta.dirname, 'benchJsonParse.ts'),
            '--child',
            `${index}:${name}`,
            '--runs',
            String(runs),
          ],
          { cwd: ROOT, encoding: 'utf8', maxBuffer: 1024 * 1024 },
        );
        return [name, JSON.parse(output) as Measured];
      }),
    ) as Record<PathName, Measured>;
    const whole = measured['JSON.parse'];
    const streamed = measured.stream;
    rows.push([
      input.name,
      (input.bytes / 1024).toFixed(0),
      whole.medianMs.toFixed(2),
      streamed.medianMs.toFixed(2),
      whole.peakRssMb.toFixed(1),
      streamed.peakRssMb.toFixed(1),
      whole.peakHeapMb.toFixed(1),
      streamed.peakHeapMb.toFixed(1),
    ]);
  }
  const header = [
    'answer',
    'KiB',
    'ms JSON.parse',
    'ms stream',
    'RSS+ MB JSON.parse',
    'RSS+ MB stream',
    'heap+ MB JSON.parse',
    'heap+ MB stream',
  ];
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => ' --- ').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(
    `\nmedian of ${runs} runs (more for small answers, up to ${WARM_RUNS_MAX}: ${WARM_BYTES / MB} MB in all) after one for memory, each path in a fresh child process; ` +
      `load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}, up ${(uptime() / 3600).toFixed(1)} h`,
  );
}

await main();
