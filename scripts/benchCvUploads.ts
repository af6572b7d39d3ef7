/**
 * `npx tsx scripts/benchCvUploads.ts [-- --kind docx|docx-lying|pdf --inflated-mib 300 --uploads 3]`:
 * what hostile CV uploads cost the backend. Runs inside `firebase emulators:exec --only auth` (it
 * starts one when none is running): the backend runs on PGlite as a child process
 * (`node --import tsx`), `--uploads` guests each upload one hostile file at the same moment
 * (a Word zip bomb, one whose archive lies about its size, or a PDF whose content stream is a
 * deflate bomb) while /health is asked every 20 ms. Prints the server's resident memory at start,
 * its peak and 5 s after the last answer (from /proc), the health latencies and the answers.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { signInAnonymously } from 'firebase/auth';
import { createTestAuth, disposeTestAuths } from '../test/support/emulatorAuth';
import { docxBomb, multipartFile, pdfBomb } from '../test/server/support/cvFiles';
import { startBackendProcess } from './backendProcess';
import { rerunInsideAuthEmulator } from './emulator';
import { formatMs } from './stats';

const { values } = parseArgs({
  options: {
    kind: { type: 'string', default: 'docx' },
    'inflated-mib': { type: 'string', default: '300' },
    uploads: { type: 'string', default: '3' },
  },
});
const inflatedMib = Number(values['inflated-mib']);
const uploads = Number(values.uploads);
const HEALTH_EVERY_MS = 20;
const SETTLE_MS = 5000;
const HEALTH_TIMEOUT_MS = 30_000;

async function hostileFile(): Promise<{ name: string; bytes: Buffer }> {
  switch (values.kind) {
    case 'docx':
      return { name: 'cv.docx', bytes: await docxBomb(inflatedMib) };
    case 'docx-lying':
      return { name: 'cv.docx', bytes: await docxBomb(inflatedMib, 16) };
    case 'pdf':
      return { name: 'cv.pdf', bytes: await pdfBomb(inflatedMib) };
    default:
      throw new Error(`Unknown --kind ${values.kind}: docx, docx-lying or pdf.`);
  }
}

async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Asks /health one request at a time, every HEALTH_EVERY_MS, until stopped: the latencies. */
function pollHealth(url: string): { stop: () => Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      // A health check that times out counts with the time it waited.
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) }).catch(
        (error: unknown) => console.error(`/health: ${String(error)}`),
      );
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return latencies;
    },
  };
}

async function main(): Promise<void> {
  const file = await hostileFile();
  const dataDir = await mkdtemp(join(tmpdir(), 'applyfirst-bench-cv-'));
  const server = await startBackendProcess({
    name: 'backend',
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', PGLITE_DATA_DIR: dataDir },
  });
  const { url, pid } = server;
  try {
    const tokens = await Promise.all(
      Array.from({ length: uploads }, async () => {
        const { user } = await signInAnonymously(createTestAuth());
        return user.getIdToken();
      }),
    );
    const startMb = await residentMb(pid);
    let peakMb = startMb;
    const sampler = setInterval(() => {
      residentMb(pid).then(
        (mb) => (peakMb = Math.max(peakMb, mb)),
        () => undefined,
      );
    }, 50);
    const health = pollHealth(url);
    const started = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const { payload, headers } = multipartFile(file.name, file.bytes);
        const response = await fetch(`${url}/v1/profile/cv`, {
          method: 'PUT',
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: new Uint8Array(payload),
        });
        const body = (await response.json()) as { code?: string };
        return `${response.status} ${body.code ?? 'stored'} after ${formatMs(performance.now() - started)}`;
      }),
    );
    const latencies = (await health.stop()).sort((a, b) => a - b);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    clearInterval(sampler);
    const endMb = await residentMb(pid);
    console.log(
      `\n${uploads} x ${values.kind}, ${Math.round(file.bytes.length / 1024)} KiB inflating to ` +
        `${inflatedMib} MiB; load average ${loadavg()
          .map((load) => load.toFixed(2))
          .join(' ')}`,
    );
    console.log(answers.join('\n'));
    console.log(
      `RSS MB: start ${startMb}, peak ${peakMb}, end ${endMb} (${SETTLE_MS / 1000} s after)\n` +
        `/health: ${latencies.length} answers, median ` +
        `${formatMs(latencies[Math.floor(latencies.length / 2)] ?? 0)}, max ` +
        `${formatMs(latencies.at(-1) ?? 0)}`,
    );
  } finally {
    await server.stop();
    await disposeTestAuths();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  process.exitCode = rerunInsideAuthEmulator('scripts/benchCvUploads.ts');
}
