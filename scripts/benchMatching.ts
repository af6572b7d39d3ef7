/**
 * `npm run bench:matching`: how fast the alert lookup finds the profiles a new posting fits, on a
 * throwaway PostgreSQL server with 20,000 open postings and 10,000, then 100,000 profiles (skills
 * drawn Zipf-like from the skill vocabulary, in one popularity order or, with `--skills by-role`,
 * one per target role; US places weighted by population, a remote mix).
 * Prints p50/p99 of `profilesForJob` over new postings, the ingest rate (ingestBoard and alert
 * creation), the process's peak RSS and the machine. A measurement, not a test: nothing fails.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { AlertProfileInput, Seniority, UsStateCode } from '../contract';
import Fastify from 'fastify';
import { createAlertEvents, type AlertEvents } from '../server/alerts/alertEvents';
import { createAlerts } from '../server/alerts/createAlerts';
import { lookupColumns } from '../server/profile/profileLookup';
import { profilesForJob } from '../server/alerts/profilesForJob';
import { openDatabase, type Database } from '../server/db/database';
import { jobs, profiles } from '../server/db/schema';
import type { BoardRef, JobRecord } from '../server/jobs/jobRecord';
import { toJobRecord } from '../server/jobs/normalise/toJobRecord';
import { toColumns } from '../server/profile/profileRow';
import { ingestBoard } from '../server/jobs/store/ingestBoard';
import { SKILLS } from '../server/skills/skillData';
import { startThrowawayPostgres } from './postgres';
import { describeMachine, median, percentile, randomFrom } from './stats';

const { values: options } = parseArgs({
  options: {
    profiles: { type: 'string', default: '100000' },
    jobs: { type: 'string', default: '20000' },
    postings: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    skills: { type: 'string', default: 'global' },
  },
});
const SKILL_MODE = options.skills;
if (SKILL_MODE !== 'global' && SKILL_MODE !== 'by-role')
  throw new Error(`--skills is "global" or "by-role", not "${SKILL_MODE}".`);
const PROFILE_COUNT = Number(options.profiles);
const FIRST_STEP = Math.min(10_000, PROFILE_COUNT);
const OPEN_JOBS = Number(options.jobs);
const NEW_POSTINGS = Number(options.postings);

const random = randomFrom(Number(options.seed));

/** Picks from weighted choices. */
function weighted<T>(choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let at = random() * total;
  const [first] = choices;
  if (first === undefined) throw new Error('Nothing to choose from.');
  for (const [choice, weight] of choices) {
    at -= weight;
    if (at <= 0) return choice;
  }
  return first[0];
}

/** A 32-bit hash of text (FNV-1a), to key draws by names rather than by their order. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at += 1)
    hash = Math.imul(hash ^ text.charCodeAt(at), 0x1000193);
  return hash >>> 0;
}

/** A uniform number in (0, 1) fixed by two hashes (a splitmix-style finaliser). */
function uniformOf(a: number, b: number): number {
  let t = (a ^ Math.imul(b, 0x9e3779b1)) >>> 0;
  t = Math.imul(t ^ (t >>> 16), 0x85ebca6b);
  t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35);
  return (((t ^ (t >>> 16)) >>> 0) + 0.5) / 4294967296;
}

/**
 * The vocabulary's popularity for one `salt` (a role, or '' for everyone): the skills ranked by a
 * hash of the seed, the salt and the name, rank r weighing 1/r (Zipf, s = 1). The order is not a
 * shuffle, so a skill added to the vocabulary takes one rank and leaves the others' order as it
 * was (the most popular ones nearly always at their ranks).
 */
interface Popularity {
  readonly names: readonly string[];
  readonly nameHashes: Uint32Array;
  readonly weights: Float64Array;
}
const popularityOf = (salt: string): Popularity => {
  const names = SKILLS.map((skill) => skill.name)
    .map((name) => [name, hashOf(`${options.seed}\0${salt}\0${name}`)] as const)
    .sort(([, a], [, b]) => a - b)
    .map(([name]) => name);
  return {
    names,
    nameHashes: Uint32Array.from(names, (name) => hashOf(name)),
    weights: Float64Array.from(names, (_, rank) => 1 / (rank + 1)),
  };
};
const GLOBAL_POPULARITY = popularityOf('');
/**
 * `--skills by-role`: each role its own popularity, so a role's common skills are common among
 * its seekers and postings, not among everyone's. With `global` (the default) one serves all: the
 * most popular skill, whatever it is, is in most profiles and in many postings of every role.
 */
const ROLE_POPULARITY = new Map<string, Popularity>();
function popularityFor(role: string): Popularity {
  if (SKILL_MODE === 'global') return GLOBAL_POPULARITY;
  const known = ROLE_POPULARITY.get(role);
  if (known !== undefined) return known;
  const drawn = popularityOf(role);
  ROLE_POPULARITY.set(role, drawn);
  return drawn;
}

/**
 * `count` skills drawn by weight without replacement (Efraimidis-Spirakis: the largest
 * u^(1/weight)), each u fixed by the draw's key and the skill's name, so the draw neither uses nor
 * shifts the shared random sequence and a skill new to the vocabulary changes only the draws it
 * wins.
 */
const skillsDrawn = (count: number, role: string, key: string) => {
  const { names, nameHashes, weights } = popularityFor(role);
  const keyHash = hashOf(`${options.seed}\0${key}`);
  const best: { at: number; score: number }[] = [];
  for (let at = 0; at < names.length; at += 1) {
    const score = Math.log(uniformOf(keyHash, nameHashes[at] ?? 0)) / (weights[at] ?? 1);
    if (best.length < count || score > (best.at(-1)?.score ?? -Infinity)) {
      best.push({ at, score });
      best.sort((a, b) => b.score - a.score);
      if (best.length > count) best.pop();
    }
  }
  return best.map(({ at }) => names[at] ?? '');
};

const PLACES: readonly (readonly [{ city: string; state: UsStateCode }, number])[] = [
  [{ city: 'New York', state: 'NY' }, 8.3],
  [{ city: 'San Francisco', state: 'CA' }, 5],
  [{ city: 'Los Angeles', state: 'CA' }, 3.9],
  [{ city: 'Seattle', state: 'WA' }, 3],
  [{ city: 'Austin', state: 'TX' }, 2.5],
  [{ city: 'Chicago', state: 'IL' }, 2.7],
  [{ city: 'Boston', state: 'MA' }, 2],
  [{ city: 'Denver', state: 'CO' }, 1.5],
  [{ city: 'Atlanta', state: 'GA' }, 1.2],
  [{ city: 'Miami', state: 'FL' }, 1],
  [{ city: 'Raleigh', state: 'NC' }, 0.6],
  [{ city: 'Pittsburgh', state: 'PA' }, 0.5],
];
const ROLES: readonly (readonly [string, number])[] = [
  ['Backend Engineer', 10],
  ['Software Engineer', 12],
  ['Frontend Engineer', 6],
  ['Full Stack Engineer', 6],
  ['Data Engineer', 4],
  ['Data Scientist', 3],
  ['Machine Learning Engineer', 3],
  ['Site Reliability Engineer', 2],
  ['DevOps Engineer', 2],
  ['Platform Engineer', 2],
  ['Mobile Engineer', 2],
  ['Security Engineer', 1],
  ['Engineering Manager', 2],
  ['Product Designer', 1],
];
const LEVELS: readonly (readonly [Seniority, number])[] = [
  ['junior', 2],
  ['mid', 4],
  ['senior', 5],
  ['lead', 1],
  ['intern', 0.3],
];

function profileDrawn(key: string): AlertProfileInput {
  const where = weighted([
    ['remote-us', 40],
    ['remote-and-places', 15],
    ['worldwide', 10],
    ['on-site', 35],
  ] as const);
  const place = weighted(PLACES);
  const places = where === 'remote-us' || where === 'worldwide' ? [] : [place];
  const targetRoles = [...new Set([weighted(ROLES), weighted(ROLES)])].slice(
    0,
    1 + (random() < 0.4 ? 1 : 0),
  );
  return {
    targetRoles,
    skills: skillsDrawn(4 + Math.floor(random() * 8), targetRoles[0] ?? '', `profile ${key}`),
    where: {
      remoteUs: where !== 'on-site',
      remoteWorldwide: where === 'worldwide',
      usStates: places.length > 0 && random() < 0.3 ? [place.state] : [],
      usCities: places,
    },
    seniority: weighted(LEVELS),
    minSalary:
      random() < 0.4
        ? null
        : { amount: 80_000 + Math.floor(random() * 15) * 10_000, currency: 'USD', period: 'year' },
    needsVisaSponsorship: random() < 0.1,
  };
}

let postingNumber = 0;
function postingDrawn(board: BoardRef, seenAt: Date): JobRecord {
  postingNumber += 1;
  const role = weighted(ROLES);
  const level = weighted([
    ['Senior ', 5],
    ['', 4],
    ['Staff ', 1],
    ['Junior ', 1],
    ['Lead ', 0.5],
  ] as const);
  const locations = weighted([
    [['Remote - US'], 35],
    [['Remote'], 10],
    [[`${weighted(PLACES).city}, ${weighted(PLACES).state}`], 45],
    [['London, UK'], 10],
  ] as const);
  const top = 90_000 + Math.floor(random() * 16) * 10_000;
  return toJobRecord(
    {
      title: `${level}${role}`,
      company: `Company ${postingNumber % 2000}`,
      externalId: `posting-${postingNumber}`,
      locations,
      remoteFlag: null,
      countries: [],
      salary: random() < 0.5 ? null : { minUsd: top - 40_000, maxUsd: top },
      description: `You will work with ${skillsDrawn(3 + Math.floor(random() * 6), role, `posting ${postingNumber}`).join(', ')}.`,
      postedAt: seenAt.toISOString(),
      applyUrl: `https://jobs.example.com/${postingNumber}`,
    },
    board,
    seenAt,
  );
}

/** How many profiles hold each skill: the data's shape, printed beside the figures. */
const profilesWithSkill = new Map<string, number>();

async function insertProfiles(db: Database, from: number, to: number): Promise<void> {
  const BATCH = 1000;
  for (let start = from; start < to; start += BATCH) {
    const rows = [];
    for (let at = start; at < Math.min(to, start + BATCH); at += 1) {
      const profile = profileDrawn(String(at));
      for (const skill of profile.skills)
        profilesWithSkill.set(skill, (profilesWithSkill.get(skill) ?? 0) + 1);
      rows.push({ uid: `bench-${at}`, ...toColumns(profile), ...lookupColumns(profile, null) });
    }
    await db.insert(profiles).values(rows);
  }
  await db.execute(sql`analyze profiles`);
}

let boardNumber = 0;
async function ingestNew(db: Database, count: number): Promise<readonly number[]> {
  boardNumber += 1;
  const board: BoardRef = { source: 'greenhouse', token: `bench-${boardNumber}` };
  const seenAt = new Date();
  const records = Array.from({ length: count }, () => postingDrawn(board, seenAt));
  return (await ingestBoard(db, board, records, seenAt)).newJobIds;
}

let peakRss = 0;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
};

interface LookupFigures {
  profiles: number;
  p50: number;
  p99: number;
  fitsMedian: number;
  fitsP99: number;
}

async function measureLookups(db: Database, profileCount: number): Promise<LookupFigures> {
  const ids: number[] = [];
  while (ids.length < NEW_POSTINGS) ids.push(...(await ingestNew(db, 50)));
  for (const id of ids.slice(0, 20)) await profilesForJob(db, id); // warm-up
  const times: number[] = [];
  const fits: number[] = [];
  for (const id of ids.slice(0, NEW_POSTINGS)) {
    const start = performance.now();
    const found = await profilesForJob(db, id);
    times.push(performance.now() - start);
    fits.push(found.length);
    sampleRss();
  }
  await db.update(jobs).set({ alertedAt: new Date() });
  return {
    profiles: profileCount,
    p50: median(times),
    p99: percentile(times, 99),
    fitsMedian: median(fits),
    fitsP99: percentile(fits, 99),
  };
}

/** New postings per second through ingestBoard and createAlerts, boards of 50 new postings. */
async function measureIngest(
  db: Database,
  events: AlertEvents,
): Promise<{ perSecond: number; alerts: number }> {
  let postings = 0;
  let alerts = 0;
  const start = performance.now();
  for (let round = 0; round < 4; round += 1) {
    const ids = await ingestNew(db, 50);
    alerts += (await createAlerts(db, events, ids)).created;
    postings += ids.length;
    sampleRss();
  }
  return { perSecond: postings / ((performance.now() - start) / 1000), alerts };
}

const ms = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  const postgres = await startThrowawayPostgres();
  const database = await openDatabase({ kind: 'postgres', url: postgres.url });
  try {
    const { db } = database;
    console.log(`${OPEN_JOBS} open postings …`);
    for (let stored = 0; stored < OPEN_JOBS; stored += 500) await ingestNew(db, 500);
    await db.update(jobs).set({ alertedAt: new Date() });
    await db.execute(sql`analyze jobs`);

    const figures: LookupFigures[] = [];
    console.log(`${FIRST_STEP} profiles …`);
    await insertProfiles(db, 0, FIRST_STEP);
    figures.push(await measureLookups(db, FIRST_STEP));
    if (PROFILE_COUNT > FIRST_STEP) {
      console.log(`${PROFILE_COUNT} profiles …`);
      await insertProfiles(db, FIRST_STEP, PROFILE_COUNT);
      figures.push(await measureLookups(db, PROFILE_COUNT));
    }
    const events = await createAlertEvents({
      db,
      connection: database.connection,
      log: Fastify({ logger: { level: 'warn' } }).log,
    });
    const ingest = await measureIngest(db, events).finally(() => events.close());

    console.log(`\nMachine: ${describeMachine(cpus(), loadavg())}`);
    console.log(
      `${OPEN_JOBS} open postings; ${NEW_POSTINGS} new postings looked up per step; skills drawn ${SKILL_MODE}`,
    );
    console.table(
      figures.map((row) => ({
        profiles: row.profiles,
        'lookup p50 ms': ms(row.p50),
        'lookup p99 ms': ms(row.p99),
        'profiles fitted, median': row.fitsMedian,
        'profiles fitted, p99': row.fitsP99,
      })),
    );
    const [first, last] = [figures[0], figures[figures.length - 1]];
    if (first && last && last !== first)
      console.log(
        `Growth ${first.profiles} -> ${last.profiles} profiles: p50 × ${(last.p50 / first.p50).toFixed(1)}, p99 × ${(last.p99 / first.p99).toFixed(1)}`,
      );
    console.log(
      `Ingest with alerts (boards of 50 new postings, ${PROFILE_COUNT} profiles): ${ingest.perSecond.toFixed(0)} postings/s, ${ingest.alerts} alerts made`,
    );
    const commonest = [...profilesWithSkill]
      .sort(([, a], [, b]) => b - a)
      .slice(0, 3)
      .map(([skill, count]) => `${skill} ${((100 * count) / PROFILE_COUNT).toFixed(0)} %`);
    console.log(`Skills in most profiles: ${commonest.join(', ')}`);
    console.log(`Peak RSS of this process: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  } finally {
    await database.close();
    await postgres.stop();
  }
}

await main();
