/**
 * `npm run bench:backend [-- --duration 20 --connections 50 --rate 500]`: the backend's throughput,
 * latency (at full speed, or at a fixed `--rate` of requests per second over all connections) and memory
 * on embedded PGlite and on a PostgreSQL server. Runs inside `firebase emulators:exec --only auth`
 * (it starts one when none is running): the backend runs as a child process (`node --import tsx`), one user
 * with a profile is created through the emulator, and autocannon reads (GET) and writes (PUT) that
 * profile. Prints requests/s, p50/p99 latency and the server's resident memory (peak, from /proc).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createUserWithEmailAndPassword } from 'firebase/auth';
import { createTestAuth, disposeTestAuths, uniqueEmail } from '../test/support/emulatorAuth';
import { startBackendProcess } from './backendProcess';
import { rerunInsideAuthEmulator } from './emulator';
import { startThrowawayPostgres } from './postgres';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    rate: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rate = values.rate === undefined ? null : Number(values.rate);

const profile = {
  targetRoles: ['Backend Engineer', 'Platform Engineer'],
  skills: ['TypeScript', 'PostgreSQL', 'Kubernetes'],
  where: {
    remoteUs: true,
    remoteWorldwide: false,
    usStates: ['CA', 'NY'],
    usCities: [{ city: 'Austin', state: 'TX' }],
  },
  seniority: 'senior',
  minSalary: { amount: 150000, currency: 'USD', period: 'year' },
  needsVisaSponsorship: false,
};

async function residentKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

interface Row {
  database: string;
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  peakRssMb: number;
}

async function load(url: string, token: string, method: 'GET' | 'PUT', pid: number) {
  let peak = await residentKb(pid);
  const sampler = setInterval(() => {
    residentKb(pid).then(
      (kb) => (peak = Math.max(peak, kb)),
      () => undefined,
    );
  }, 200);
  try {
    const result = await autocannon({
      url: `${url}/v1/profile`,
      method,
      connections,
      duration,
      ...(rate === null ? {} : { overallRate: rate }),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(method === 'PUT' ? { body: JSON.stringify(profile) } : {}),
    });
    return { result, peakKb: peak };
  } finally {
    clearInterval(sampler);
  }
}

async function benchOne(database: string, env: Record<string, string>): Promise<Row[]> {
  const server = await startBackendProcess({
    name: 'backend',
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', ...env },
  });
  const { url } = server;
  try {
    const { user } = await createUserWithEmailAndPassword(
      createTestAuth(),
      uniqueEmail('bench'),
      'bench-password-1',
    );
    const token = await user.getIdToken();
    const put = await fetch(`${url}/v1/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(profile),
    });
    if (!put.ok) throw new Error(`Saving the profile failed: ${put.status} ${await put.text()}`);
    const rows: Row[] = [];
    for (const method of ['GET', 'PUT'] as const) {
      const { result, peakKb } = await load(url, token, method, server.pid);
      rows.push({
        database,
        route: `${method} /v1/profile`,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
        peakRssMb: Math.round(peakKb / 1024),
      });
    }
    return rows;
  } finally {
    await server.stop();
    await disposeTestAuths();
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const pgliteDir = await mkdtemp(join(tmpdir(), 'applyfirst-bench-pglite-'));
  try {
    rows.push(...(await benchOne('PGlite', { PGLITE_DATA_DIR: pgliteDir })));
  } finally {
    await rm(pgliteDir, { recursive: true, force: true });
  }
  const postgres = await startThrowawayPostgres();
  try {
    rows.push(...(await benchOne('PostgreSQL', { DATABASE_URL: postgres.url })));
  } finally {
    await postgres.stop();
  }
  console.log(
    `\n${connections} connections, ${duration} s per route, ` +
      (rate === null ? 'as fast as the backend answers' : `${rate} requests/s in all`),
  );
  console.table(
    rows.map((row) => ({
      database: row.database,
      route: row.route,
      'requests/s': row.requestsPerSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'errors + non-2xx': row.errors,
      'peak RSS MB': row.peakRssMb,
    })),
  );
}

if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  process.exitCode = rerunInsideAuthEmulator('scripts/benchBackend.ts');
}
