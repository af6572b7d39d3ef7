import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertsCreated } from '../../server/alerts/alertEvents';
import { alertPendingPostings, createAlerts } from '../../server/alerts/createAlerts';
import { MIN_ALERT_SCORE, SCORE_WITHOUT_SKILL_OR_TITLE } from '../../server/alerts/profilesForJob';
import { deleteCv, saveCv } from '../../server/cv/cvStore';
import { alerts, jobs } from '../../server/db/schema';
import type { BoardRef, JobRecord } from '../../server/jobs/jobRecord';
import type { PostingDraft } from '../../server/jobs/normalise/toJobRecord';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import { CANDIDATE_LIMIT } from '../../server/matching/candidateJobs';
import { findMatches } from '../../server/matching/findMatches';
import { normaliseProfile } from '../../server/profile/normaliseProfile';
import { saveProfile } from '../../server/profile/profileStore';
import type { AlertProfileInput } from '../../contract';
import { disposeTestAuths } from '../support/emulatorAuth';
import { call, DATABASES, startBackend } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { usdYear, validProfile } from './support/profiles';
import { accountSession, guestSession } from './support/sessions';

const REMOTE_ONLY = { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] };
const IN_TEXAS = {
  remoteUs: false,
  remoteWorldwide: false,
  usStates: [],
  usCities: [{ city: 'Austin', state: 'TX' as const }],
};

describe.each(DATABASES)('alerts for new postings on %s', (database) => {
  let app: FastifyInstance;
  const announced: AlertsCreated[] = [];
  beforeAll(async () => {
    app = await startBackend(database);
    app.alertEvents.subscribe((created) => announced.push(created));
  });
  afterAll(async () => {
    await app.close();
    await disposeTestAuths();
  });

  async function seeker(changes: Partial<AlertProfileInput>, uid = `alerts-${randomUUID()}`) {
    await saveProfile(app.db, uid, 1, normaliseProfile(validProfile(changes)));
    return uid;
  }

  const cv = (text: string) => ({
    fileName: 'cv.txt',
    sizeBytes: text.length,
    mediaType: 'text/plain' as const,
    text,
  });

  /** Stores the postings as a poll does, then makes their alerts: the new postings' ids. */
  async function post(board: BoardRef, records: readonly JobRecord[]): Promise<number[]> {
    const { newJobIds } = await ingestBoard(app.db, board, records, new Date());
    await createAlerts(app.db, app.alertEvents, newJobIds);
    return [...newJobIds];
  }

  async function postOne(changes: Partial<PostingDraft>): Promise<number> {
    const board = uniqueBoard('greenhouse', 'alerts');
    const [id] = await post(board, [postingRecord(board, changes)]);
    if (id === undefined) throw new Error('the posting was not new');
    return id;
  }

  async function alertedJobs(uid: string): Promise<number[]> {
    const rows = await app.db
      .select({ jobId: alerts.jobId })
      .from(alerts)
      .where(eq(alerts.uid, uid));
    return rows.map((row) => row.jobId);
  }

  const ELIXIR_JOB = {
    title: 'Senior Backend Engineer',
    description: 'Services in Elixir and Phoenix framework on PostgreSQL.',
    salary: { minUsd: 170_000, maxUsd: 210_000 },
  };

  it('a posting that fits a profile makes one alert, announced after the commit with its id', async () => {
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY });
    const jobId = await postOne({ ...ELIXIR_JOB, locations: ['Remote - US'] });
    const [row] = await app.db.select().from(alerts).where(eq(alerts.uid, uid));
    expect(row).toMatchObject({ jobId, seenAt: null, emailedAt: null });
    expect(row?.score).toBeGreaterThanOrEqual(MIN_ALERT_SCORE);
    // Announced through the database's channel, heard a moment after the commit.
    await expect
      .poll(() => announced.filter((created) => created.uid === uid), { timeout: 5_000 })
      .toEqual([{ uid, alertIds: [row?.id] }]);
  });

  it('a remote-only seeker never gets an on-site job, however well it fits otherwise', async () => {
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY });
    const onSite = await postOne({ ...ELIXIR_JOB, locations: ['Austin, TX'] });
    const remote = await postOne({ ...ELIXIR_JOB, locations: ['Remote - US'] });
    expect(await alertedJobs(uid)).toEqual([remote]);
    expect(onSite).not.toBe(remote);
  });

  it('an on-site seeker gets postings in their city, not remote ones or other states', async () => {
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: IN_TEXAS });
    const austin = await postOne({ ...ELIXIR_JOB, locations: ['Austin, TX'] });
    await postOne({ ...ELIXIR_JOB, locations: ['Remote - US'] });
    await postOne({ ...ELIXIR_JOB, locations: ['Denver, CO'] });
    expect(await alertedJobs(uid)).toEqual([austin]);
  });

  it('a posting remote anywhere in a state alerts a seeker who names a city of that state', async () => {
    const uid = await seeker({
      where: { ...REMOTE_ONLY, usCities: [{ city: 'Portland', state: 'OR' }] },
    });
    const oregon = await postOne({ ...ELIXIR_JOB, locations: ['Remote - Oregon'] });
    await postOne({ ...ELIXIR_JOB, locations: ['Remote - Texas'] });
    expect(await alertedJobs(uid)).toEqual([oregon]);
  });

  it('a title next to a target role counts only with a skill in common, listed or alerted', async () => {
    // Embedded software work is next to "Backend Engineer"; in a stack the seeker has none of, no fit.
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY });
    const embedded = {
      title: 'Senior Embedded Software Engineer',
      locations: ['Remote - US'],
      salary: { minUsd: 170_000, maxUsd: 210_000 },
    };
    const none = await postOne({ ...embedded, description: 'Firmware in C++ and Rust.' });
    const shared = await postOne({
      ...embedded,
      description: 'Firmware in C++ and Rust, telemetry in PostgreSQL.',
    });
    expect(await alertedJobs(uid)).toEqual([shared]);
    const { matches } = await findMatches(app.db, uid, 1);
    const listed = matches.map((match) => match.jobId);
    expect(listed).toContain(shared);
    expect(listed).not.toContain(none);
  });

  it('a salary floor excludes a posting whose range tops out below it', async () => {
    const uid = await seeker({
      skills: ['Elixir', 'PostgreSQL'],
      where: REMOTE_ONLY,
      minSalary: { amount: 180_000, currency: 'USD', period: 'year' },
    });
    await postOne({
      ...ELIXIR_JOB,
      locations: ['Remote - US'],
      salary: { minUsd: 120_000, maxUsd: 160_000 },
    });
    const reaches = await postOne({
      ...ELIXIR_JOB,
      locations: ['Remote - US'],
      salary: { minUsd: 150_000, maxUsd: 190_000 },
    });
    expect(await alertedJobs(uid)).toEqual([reaches]);
  });

  it('a seeker who needs a visa gets no alert for a posting that says it does not sponsor', async () => {
    const where = REMOTE_ONLY;
    const needsVisa = await seeker({
      skills: ['Elixir', 'PostgreSQL'],
      where,
      needsVisaSponsorship: true,
    });
    const needsNone = await seeker({ skills: ['Elixir', 'PostgreSQL'], where });
    const refuses = await postOne({
      ...ELIXIR_JOB,
      locations: ['Remote - US'],
      description: `${ELIXIR_JOB.description} We are unable to sponsor visas for this role.`,
    });
    const silent = await postOne({ ...ELIXIR_JOB, locations: ['Remote - US'] });
    expect(await alertedJobs(needsVisa)).toEqual([silent]);
    expect((await alertedJobs(needsNone)).sort()).toEqual([refuses, silent].sort());
  });

  it('alias skills match: "k8s" and "Golang" in a profile find a posting naming Kubernetes and Go', async () => {
    const uid = await seeker({
      skills: ['k8s', 'Golang'],
      where: REMOTE_ONLY,
      targetRoles: ['SRE'],
    });
    const jobId = await postOne({
      title: 'Senior Platform Engineer',
      description: 'Run our Kubernetes clusters and write Go services.',
      locations: ['Remote - US'],
    });
    expect(await alertedJobs(uid)).toEqual([jobId]);
  });

  it('a skill found only in the CV matches, and stops matching when the CV is deleted', async () => {
    const uid = await seeker({ skills: ['Excel'], targetRoles: ['Analyst'], where: REMOTE_ONLY });
    await saveCv(app.db, uid, 1, cv('Five years of Haskell and Scala in production.'));
    const posting = {
      title: 'Senior Functional Programmer',
      description: 'Haskell and Scala services.',
      locations: ['Remote - US'],
      salary: { minUsd: 170_000, maxUsd: 210_000 },
    };
    const first = await postOne(posting);
    await deleteCv(app.db, uid, 1);
    await postOne(posting);
    expect(await alertedJobs(uid)).toEqual([first]);
  });

  it('a profile the posting does not fit gets no alert: other skills, title, level', async () => {
    const otherSkills = await seeker({
      skills: ['Swift', 'Objective-C'],
      targetRoles: ['iOS Developer'],
      where: REMOTE_ONLY,
    });
    const otherLevel = await seeker({
      skills: ['Elixir', 'PostgreSQL'],
      where: REMOTE_ONLY,
      seniority: 'intern',
    });
    await postOne({ ...ELIXIR_JOB, locations: ['Remote - US'] });
    expect(await alertedJobs(otherSkills)).toEqual([]);
    expect(await alertedJobs(otherLevel)).toEqual([]);
  });

  it('a title matching a target role alerts without a shared skill', async () => {
    const uid = await seeker({
      skills: ['Cobol'],
      targetRoles: ['Cartography Engineer'],
      where: REMOTE_ONLY,
    });
    const jobId = await postOne({
      title: 'Senior Cartography Engineer',
      description: 'Maps for everyone.',
      locations: ['Remote - US'],
      salary: { minUsd: 170_000, maxUsd: 200_000 },
    });
    expect(await alertedJobs(uid)).toEqual([jobId]);
    // Neither a skill nor the title: too little to reach the minimum, so the lookup needs neither.
    expect(SCORE_WITHOUT_SKILL_OR_TITLE).toBeLessThan(MIN_ALERT_SCORE);
  });

  it('an updated profile changes which postings alert', async () => {
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY });
    const before = await postOne({ ...ELIXIR_JOB, locations: ['Austin, TX'] });
    await seeker({ skills: ['Elixir', 'PostgreSQL'], where: IN_TEXAS }, uid);
    const after = await postOne({ ...ELIXIR_JOB, locations: ['Austin, TX'] });
    expect(await alertedJobs(uid)).toEqual([after]);
    expect(before).not.toBe(after);
  });

  it('a posting seen again, or looked up twice, makes no second alert', async () => {
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY });
    const board = uniqueBoard('lever', 'again');
    const record = postingRecord(board, { ...ELIXIR_JOB, locations: ['Remote - US'] });
    const [jobId] = await post(board, [record]);
    expect(await post(board, [record])).toEqual([]);
    const outcome = await createAlerts(app.db, app.alertEvents, [jobId ?? 0]);
    expect(outcome.created).toBe(0);
    expect(await alertedJobs(uid)).toEqual([jobId]);
  });

  it('a posting whose alerts failed is made by the next round, and marked done', async () => {
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY });
    const board = uniqueBoard('ashby', 'later');
    const { newJobIds } = await ingestBoard(
      app.db,
      board,
      [postingRecord(board, { ...ELIXIR_JOB, locations: ['Remote - US'] })],
      new Date(),
    );
    await alertPendingPostings(app.db, app.alertEvents);
    expect(await alertedJobs(uid)).toEqual(newJobIds);
    const marked = await app.db
      .select({ alertedAt: jobs.alertedAt })
      .from(jobs)
      .where(inArray(jobs.id, [...newJobIds]));
    expect(marked.every((row) => row.alertedAt !== null)).toBe(true);
  });

  it('alerts agree with matching: every alerted posting is among the profile\u2019s matches with the same score', async () => {
    const uid = await seeker({ skills: ['Elixir', 'PostgreSQL'], where: IN_TEXAS });
    await saveCv(app.db, uid, 1, cv('Phoenix LiveView and Redis.'));
    await postOne({ ...ELIXIR_JOB, locations: ['Austin, TX'] });
    await postOne({ ...ELIXIR_JOB, title: 'Junior Backend Engineer', locations: ['Austin, TX'] });
    const rows = await app.db.select().from(alerts).where(eq(alerts.uid, uid));
    const { matches } = await findMatches(app.db, uid);
    expect(rows.length).toBe(1);
    for (const row of rows)
      expect(matches.find((match) => match.jobId === row.jobId)?.score).toBe(row.score);
  });

  it('scores every profile exactly as matching does: the alerts are the matches of 50 or more', async () => {
    const skills = ['Elixir', 'PostgreSQL', 'Redis', 'Kafka', 'Go', 'Rust'];
    const roles = [
      ['Backend Engineer'],
      ['Data Engineer'],
      ['Platform Engineer', 'SRE', 'Engineering Manager'],
    ];
    const places = [REMOTE_ONLY, IN_TEXAS, { ...REMOTE_ONLY, remoteWorldwide: true }];
    const levels = ['junior', 'mid', 'senior', 'lead'] as const;
    const uids: string[] = [];
    for (let i = 0; i < 64; i += 1)
      uids.push(
        await seeker({
          // Phoenix, built on Elixir, for every fifth: they know Elixir without naming it.
          skills: [
            ...skills.filter((_, bit) => (i >> bit) % 2 === 1),
            ...(i % 5 === 0 ? ['Phoenix'] : []),
          ],
          targetRoles: roles[i % 3],
          where: places[Math.floor(i / 3) % 3],
          seniority: levels[i % 4],
          minSalary: [null, usdYear(150_000), usdYear(200_000)][Math.floor(i / 4) % 3],
        }),
      );
    const postings = [
      { ...ELIXIR_JOB, locations: ['Remote - US'] },
      {
        title: 'Backend Engineer',
        // Rust only as a plus: a nice-to-have weighs half a required skill.
        description: 'Go, Kafka, Redis and PostgreSQL.\nRust is a plus.',
        locations: ['Austin, TX'],
        salary: null,
      },
      {
        title: 'Staff Platform Engineer',
        description: 'Rust and Kafka.',
        locations: ['Remote'],
        salary: { minUsd: 120_000, maxUsd: 180_000 },
      },
      {
        title: 'Junior Data Engineer',
        description: 'Kafka pipelines.',
        locations: ['Remote - US'],
      },
      // A people manager's: only for the seekers at lead whose roles ask for one.
      { title: 'Backend Engineering Manager', description: 'Go and Kafka.', locations: ['Remote'] },
      // Phoenix is built on Elixir: an Elixir seeker shares half a skill it does not name.
      {
        title: 'Senior Platform Engineer',
        description: 'Kafka services built with the Phoenix framework.',
        locations: ['Remote - US'],
      },
      // And a Phoenix seeker knows the Elixir it asks.
      { title: 'Data Engineer', description: 'Elixir and Redis.', locations: ['Remote - US'] },
    ];
    const jobIds: number[] = [];
    for (const posting of postings) jobIds.push(await postOne(posting));
    const [open] = await app.db.select({ count: sql<number>`count(*)::int` }).from(jobs);
    // Matching scores at most CANDIDATE_LIMIT candidates; with fewer jobs it sees them all.
    expect(open?.count).toBeLessThan(CANDIDATE_LIMIT);
    let kept = 0;
    let below = 0;
    for (const uid of uids) {
      const { matches } = await findMatches(app.db, uid, 1, CANDIDATE_LIMIT);
      const ours = matches.filter((match) => jobIds.includes(match.jobId));
      kept += ours.filter((match) => match.score >= MIN_ALERT_SCORE).length;
      below += ours.filter((match) => match.score < MIN_ALERT_SCORE).length;
      const expected = ours
        .filter((match) => match.score >= MIN_ALERT_SCORE)
        .map((match) => `${match.jobId}:${match.score}`)
        .sort();
      const made = await app.db
        .select({ jobId: alerts.jobId, score: alerts.score })
        .from(alerts)
        .where(eq(alerts.uid, uid));
      expect(made.map((row) => `${row.jobId}:${row.score}`).sort(), uid).toEqual(expected);
    }
    // Both sides of the minimum are exercised, and the manager's job alerts someone who asks.
    const managerJob = await app.db
      .select()
      .from(alerts)
      .where(eq(alerts.jobId, jobIds[4] ?? 0));
    expect(managerJob.length).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(10);
    expect(below).toBeGreaterThan(10);
  });

  it('a guest gets alerts, and deleting an account removes its alerts', async () => {
    const guest = await guestSession();
    const account = await accountSession('alerts');
    for (const { token } of [guest, account])
      expect(
        (
          await call(app, 'PUT', '/v1/profile', {
            token,
            body: validProfile({ skills: ['Elixir', 'PostgreSQL'], where: REMOTE_ONLY }),
          })
        ).statusCode,
      ).toBe(200);
    const jobId = await postOne({ ...ELIXIR_JOB, locations: ['Remote - US'] });
    expect(await alertedJobs(guest.uid)).toEqual([jobId]);
    expect(await alertedJobs(account.uid)).toEqual([jobId]);
    expect((await call(app, 'DELETE', '/v1/account', { token: account.token })).statusCode).toBe(
      200,
    );
    expect(await alertedJobs(account.uid)).toEqual([]);
    expect(await alertedJobs(guest.uid)).toEqual([jobId]);
  });
});
