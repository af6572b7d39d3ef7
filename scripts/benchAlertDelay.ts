/**
 * `npm run bench:alert-delay [-- --postings 100 --outage 10]`: two backend processes on one
 * PostgreSQL server, as a deployment with two instances runs. The offline job-board stand-in
 * publishes postings on a board only process A polls (every second); a guest whose profile fits
 * them holds a live alert stream on process B. For each posting: the time from its alert's insert
 * on A (the alert's `alertedAt`, on the database clock: an upper bound of the time from the
 * commit) and from its publication to its arrival on B's stream; median, p99 and the machine's
 * load are printed.
 *
 * Then two outages of `--outage` seconds while postings go on being published: B's listening
 * connection terminated (`pg_terminate_backend`) every 100 ms, then every connection of both
 * processes (a database blip). For each: how many of the alerts of postings published meanwhile
 * reach the stream, and when; how long after the outage a new posting is heard again; whether
 * `GET /v1/alerts` on B lists them (the rows are the truth). Runs inside `firebase emulators:exec --only auth` (it starts one
 * when none is running).
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { signInAnonymously } from 'firebase/auth';
import pg from 'pg';
import { openDatabase } from '../server/db/database';
import { LISTENER_APPLICATION_NAME } from '../server/db/notificationChannel';
import { JOB_SOURCES } from '../server/jobs/jobRecord';
import { BASE_URL_SETTINGS } from '../server/jobs/settings';
import { startStandIn, type StandIn } from '../dev/jobBoards/standInServer';
import type { GetAlertsResponse } from '../contract';
import { createTestAuth, disposeTestAuths } from '../test/support/emulatorAuth';
import { FITS_THE_FRONTEND_ROLE } from '../test/server/support/standInRoles';
import { openAlertStreamClient, type AlertStreamClient } from './alertStreamClient';
import { startBackendProcess, type BackendProcess } from './backendProcess';
import { POLLED, publishFrontend, type Published } from './standInFrontendPostings';
import { rerunInsideAuthEmulator } from './emulator';
import { startThrowawayPostgres } from './postgres';
import { describeMachine, formatMs, median, percentile } from './stats';

const { values } = parseArgs({
  options: {
    postings: { type: 'string', default: '100' },
    outage: { type: 'string', default: '10' },
  },
});
const POSTINGS = Number(values.postings);
const OUTAGE_MS = Number(values.outage) * 1000;
/** Several postings per poll, as a busy board has. */
const PUBLISH_EVERY_MS = 300;
const KILL_EVERY_MS = 100;
const ARRIVAL_LIMIT_MS = 60_000;
/** Each process's connections, named so an outage can pick them (PGAPPNAME). */
const APPLICATION_NAME = { a: 'applyfirst-bench-a', b: 'applyfirst-bench-b' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => T | undefined | Promise<T | undefined>, what: string) {
  const deadline = Date.now() + ARRIVAL_LIMIT_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`No ${what} within ${ARRIVAL_LIMIT_MS / 1000} s.`);
    await sleep(100);
  }
}

/** Publishes a posting every PUBLISH_EVERY_MS while `going` says so, given those published. */
async function publishSeveral(
  standIn: StandIn,
  going: (published: readonly Published[]) => boolean,
) {
  const published: Published[] = [];
  while (going(published)) {
    published.push(publishFrontend(standIn));
    await sleep(PUBLISH_EVERY_MS);
  }
  return published;
}

function summary(label: string, delays: readonly number[]): string {
  return (
    `${label.padEnd(34)} median ${formatMs(median(delays)).padStart(8)}, ` +
    `p99 ${formatMs(percentile(delays, 99)).padStart(8)}, max ${formatMs(Math.max(...delays))}`
  );
}

async function steadyDelays(standIn: StandIn, stream: AlertStreamClient): Promise<void> {
  const published = await publishSeveral(standIn, (published) => published.length < POSTINGS);
  const arrivals = await until(() => {
    const found = published.map(({ title }) =>
      stream.received.find(({ alert }) => alert.title === title),
    );
    return found.every((entry) => entry !== undefined) ? found : undefined;
  }, `arrival of all ${POSTINGS} alerts on B`);
  const fromCommit = arrivals.map((entry) => entry.receivedAt - Date.parse(entry.alert.alertedAt));
  const fromPublish = arrivals.map(
    (entry, index) => entry.receivedAt - (published[index]?.at ?? 0),
  );
  console.log(`\n${POSTINGS} postings, stream on B, A polling every second:`);
  console.log(summary("alert insert on A → B's stream", fromCommit));
  console.log(summary("publication → B's stream", fromPublish));
  console.log(`  ${describeMachine(cpus(), loadavg())}`);
}

/** Whose connections an outage terminates, as a `pg_stat_activity` condition. */
interface Outage {
  label: string;
  victims: string;
}

const OUTAGES: readonly Outage[] = [
  {
    label: 'the listening connections',
    // A's and B's: only B's matters to B's streams, and the name is the listener's own.
    victims: `application_name = '${LISTENER_APPLICATION_NAME}'`,
  },
  {
    label: 'every connection of A and B (a database blip)',
    victims: `application_name in ('${APPLICATION_NAME.a}', '${APPLICATION_NAME.b}')`,
  },
];

interface Session {
  standIn: StandIn;
  stream: AlertStreamClient;
  admin: pg.Client;
  b: BackendProcess;
  token: string;
}

const arrivedOn = (stream: AlertStreamClient, title: string) =>
  stream.received.find(({ alert }) => alert.title === title);

/** Terminates `outage`'s connections every KILL_EVERY_MS for OUTAGE_MS while postings go on. */
async function measureOutage(outage: Outage, { standIn, stream, admin, b, token }: Session) {
  let kills = 0;
  let killing = true;
  const killer = (async () => {
    while (killing) {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where ${outage.victims}`,
      );
      kills += rowCount ?? 0;
      await sleep(KILL_EVERY_MS);
    }
  })();
  const started = Date.now();
  const during = await publishSeveral(standIn, () => Date.now() - started < OUTAGE_MS);
  killing = false;
  await killer;
  const ended = Date.now();
  // After it: a posting every PUBLISH_EVERY_MS until one published after it reaches the stream.
  const after = await publishSeveral(
    standIn,
    (published) =>
      published.length === 0 ||
      (Date.now() - ended < ARRIVAL_LIMIT_MS &&
        !published.some(({ title }) => arrivedOn(stream, title) !== undefined)),
  );
  const firstAfter = after
    .map(({ title }) => arrivedOn(stream, title)?.receivedAt)
    .filter((at) => at !== undefined);
  // What was published meanwhile has had the time a failed poll's back-off takes to arrive.
  const allDuring = await until(() => {
    const times = during.map(({ title }) => arrivedOn(stream, title)?.receivedAt);
    return times.every((at) => at !== undefined) ? Math.max(...times) : undefined;
  }, 'arrival of every posting published during the outage').catch(() => null);
  const listed = await fetch(`${b.url}/v1/alerts?limit=50`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  });
  const { alerts } = (await listed.json()) as GetAlertsResponse;
  const arrived = during.filter(({ title }) => arrivedOn(stream, title) !== undefined).length;
  const inList = during.filter(({ title }) => alerts.some((alert) => alert.title === title)).length;
  console.log(
    `\nOutage: ${outage.label} terminated (${kills} connections) every ${KILL_EVERY_MS} ms for ` +
      `${OUTAGE_MS / 1000} s, postings published meanwhile:`,
  );
  console.log(`  published meanwhile:                          ${during.length}`);
  console.log(`  their alerts on B's stream:                   ${arrived}`);
  console.log(`  their alerts in GET /v1/alerts on B:          ${inList}`);
  console.log(
    `  end → last of them on the stream:             ${allDuring === null ? `not within ${ARRIVAL_LIMIT_MS / 1000} s` : formatMs(allDuring - ended)}`,
  );
  console.log(
    `  end → first posting published after it heard: ${firstAfter.length === 0 ? 'none' : formatMs(Math.min(...firstAfter) - ended)}`,
  );
  console.log(`  ${describeMachine(cpus(), loadavg())}`);
}

async function main(): Promise<void> {
  const postgres = await startThrowawayPostgres();
  const standIn = await startStandIn({ publishEveryMs: 0 });
  const running: BackendProcess[] = [];
  const admin = new pg.Client({ connectionString: postgres.url });
  try {
    // Migrated before the processes start: two migrating at once fail (see the two-process tests).
    await (await openDatabase({ kind: 'postgres', url: postgres.url })).close();
    const shared = {
      DATABASE_URL: postgres.url,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      GUEST_CLEANUP_EVERY_HOURS: 'off',
      SMTP_URL: '',
    };
    running.push(
      ...(await Promise.all([
        startBackendProcess({
          name: 'A',
          env: {
            ...shared,
            JOB_BOARDS: `${POLLED.source}:${POLLED.token}`,
            ...Object.fromEntries(
              JOB_SOURCES.map((source) => [BASE_URL_SETTINGS[source], standIn.url]),
            ),
            JOB_POLL_INTERVAL_SECONDS: '1',
            PGAPPNAME: APPLICATION_NAME.a,
          },
        }),
        startBackendProcess({
          name: 'B',
          env: { ...shared, JOB_BOARDS: '', PGAPPNAME: APPLICATION_NAME.b },
        }),
      ])),
    );
    const [a, b] = running as [BackendProcess, BackendProcess];
    await admin.connect();
    await until(async () => {
      const { rows } = await admin.query<{ count: string }>(
        'select count(*) from jobs where source = $1 and board = $2',
        [POLLED.source, POLLED.token],
      );
      return Number(rows[0]?.count) > 0 ? true : undefined;
    }, "A's first poll");
    const { user } = await signInAnonymously(createTestAuth());
    const token = await user.getIdToken();
    const saved = await fetch(`${a.url}/v1/profile`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(FITS_THE_FRONTEND_ROLE),
      signal: AbortSignal.timeout(10_000),
    });
    if (!saved.ok) throw new Error(`Saving the profile failed: ${saved.status}`);
    const stream = await openAlertStreamClient(b.url, token);
    try {
      await steadyDelays(standIn, stream);
      const ended = running.map((process) => {
        let how: string | null = null;
        void process.exited.then((exit) => (how = exit));
        return () => (how === null ? null : `${process.name} stopped (${how})`);
      });
      for (const outage of OUTAGES) {
        try {
          await measureOutage(outage, { standIn, stream, admin, b, token });
        } catch (error) {
          const stopped = ended.map((check) => check()).filter((how) => how !== null);
          console.log(`\n✗ Outage of ${outage.label}: ${(error as Error).message}`);
          if (stopped.length > 0) console.log(`  ${stopped.join('; ')}`);
          process.exitCode = 1;
          break;
        }
      }
    } finally {
      stream.close();
    }
  } finally {
    await admin.end().catch(() => undefined);
    await Promise.all(running.map((process) => process.stop()));
    await standIn.close();
    await postgres.stop();
    await disposeTestAuths();
  }
}

if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  process.exitCode = rerunInsideAuthEmulator('scripts/benchAlertDelay.ts');
}
