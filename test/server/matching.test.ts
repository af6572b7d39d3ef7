import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCv } from '../../server/cv/cvStore';
import type { BoardRef, JobRecord } from '../../server/jobs/jobRecord';
import { ingestBoard } from '../../server/jobs/store/ingestBoard';
import { findMatches } from '../../server/matching/findMatches';
import { MATCH_POINTS } from '../../server/matching/scoreMatch';
import { normaliseProfile } from '../../server/profile/normaliseProfile';
import { saveProfile } from '../../server/profile/profileStore';
import type { AlertProfileInput, JobMatch, MatchReason } from '../../contract';
import { DATABASES, startBackend } from './support/backend';
import { fixtureRecords, postingRecord, uniqueBoard } from './support/jobs';
import { validProfile } from './support/profiles';

const seenAt = new Date('2026-11-22T12:00:00.000Z');

const REMOTE_ONLY = { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] };

describe.each(DATABASES)('matching jobs to a profile on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startBackend(database);
  });
  afterAll(() => app.close());

  /** A user with this profile (saved as PUT /v1/profile saves it) and, if given, a CV. */
  async function seeker(changes: Partial<AlertProfileInput>, cvText?: string): Promise<string> {
    const uid = `matching-${randomUUID()}`;
    await saveProfile(app.db, uid, 1, normaliseProfile(validProfile(changes)));
    if (cvText !== undefined)
      await saveCv(app.db, uid, 1, {
        fileName: 'cv.txt',
        sizeBytes: cvText.length,
        mediaType: 'text/plain',
        text: cvText,
      });
    return uid;
  }

  /** The ids of a board's postings, in the order given. */
  async function ingest(board: BoardRef, records: readonly JobRecord[]): Promise<number[]> {
    return [...(await ingestBoard(app.db, board, records, seenAt)).newJobIds];
  }

  async function fixtureIds(source: BoardRef['source'], fixture: string): Promise<number[]> {
    const board = uniqueBoard(source, fixture);
    return ingest(board, fixtureRecords(fixture, board, seenAt));
  }

  async function matchesOf(uid: string): Promise<JobMatch[]> {
    const result = await findMatches(app.db, uid);
    expect(result.profileMissing).toBe(false);
    return result.matches;
  }

  const idsOf = (matches: readonly JobMatch[]) => matches.map((match) => match.jobId);

  /** The matches of a remote-only seeker with no pay floor and these changes. */
  const remoteMatches = async (changes: Partial<AlertProfileInput>) =>
    matchesOf(await seeker({ where: REMOTE_ONLY, minSalaryUsd: null, ...changes }));

  function reason<K extends MatchReason['kind']>(match: JobMatch | undefined, kind: K) {
    const found = match?.reasons.find((candidate) => candidate.kind === kind);
    if (found === undefined) throw new Error(`no ${kind} reason`);
    return found as Extract<MatchReason, { kind: K }>;
  }

  it('a remote-only seeker never sees an on-site job, however well its skills fit', async () => {
    const [sanFrancisco, remoteUs, pittsburgh] = await fixtureIds('greenhouse', 'acme');
    const [london, anywhere] = await fixtureIds('greenhouse', 'northwind');
    const [austinDenver, remoteAnalyst] = await fixtureIds('ashby', 'initech');
    const uid = await seeker({
      where: REMOTE_ONLY,
      targetRoles: ['Backend Engineer', 'Machine Learning Engineer'],
      skills: [
        'Python',
        'Go',
        'Kubernetes',
        'PostgreSQL',
        'TypeScript',
        'React',
        'SQL',
        'PyTorch',
        'Machine Learning',
        'C++',
      ],
      seniority: 'senior',
      minSalaryUsd: null,
    });
    const matches = await matchesOf(uid);
    expect(idsOf(matches)).toEqual(expect.arrayContaining([remoteUs, anywhere, remoteAnalyst]));
    for (const onSite of [sanFrancisco, pittsburgh, london, austinDenver])
      expect(idsOf(matches)).not.toContain(onSite);
    expect(matches.every((match) => match.usEligibility.startsWith('remote-'))).toBe(true);
    expect(
      reason(
        matches.find((match) => match.jobId === anywhere),
        'location',
      ),
    ).toMatchObject({
      fit: 'remote-worldwide',
    });
  });

  it('an on-site seeker sees jobs in their states and cities only, never remote ones', async () => {
    const [newYorkAustin, , toronto, , chicago] = await fixtureIds('lever', 'globex');
    const [austinDenver, remoteAnalyst] = await fixtureIds('ashby', 'initech');
    const uid = await seeker({
      where: {
        remoteUs: false,
        remoteWorldwide: false,
        usStates: ['CO'],
        usCities: [{ city: 'New York', state: 'NY' }],
      },
      skills: ['Kubernetes', 'Prometheus', 'Linux', 'TypeScript', 'Python', 'SQL', 'Java'],
      seniority: 'senior',
      minSalaryUsd: null,
    });
    const ids = idsOf(await matchesOf(uid));
    expect(ids).toEqual(expect.arrayContaining([newYorkAustin, austinDenver]));
    for (const elsewhere of [toronto, chicago, remoteAnalyst]) expect(ids).not.toContain(elsewhere);
  });

  it('a salary floor excludes a job whose range tops out below it, and keeps one that states no pay', async () => {
    const board = uniqueBoard('lever', 'pay');
    const skills = { description: 'Services in Elixir and Phoenix framework on PostgreSQL.' };
    const [below, reaches, unstated] = await ingest(board, [
      postingRecord(board, { ...skills, salary: { minUsd: 100_000, maxUsd: 130_000 } }),
      postingRecord(board, { ...skills, salary: { minUsd: 120_000, maxUsd: 160_000 } }),
      postingRecord(board, { ...skills, salary: null }),
    ]);
    const uid = await seeker({ skills: ['Elixir'], where: REMOTE_ONLY, minSalaryUsd: 140_000 });
    const matches = await matchesOf(uid);
    expect(idsOf(matches)).not.toContain(below);
    const kept = matches.find((match) => match.jobId === reaches);
    expect(reason(kept, 'salary')).toMatchObject({
      fit: 'meets-floor',
      salary: { minUsd: 120_000, maxUsd: 160_000 },
    });
    expect(
      reason(
        matches.find((match) => match.jobId === unstated),
        'salary',
      ),
    ).toMatchObject({
      fit: 'not-stated',
      salary: null,
    });
  });

  it('an alias skill matches: "k8s" and "JS" in a profile cover Kubernetes and JavaScript, "Golang" in a posting is Go', async () => {
    const board = uniqueBoard('greenhouse', 'alias');
    const [job] = await ingest(board, [
      postingRecord(board, {
        title: 'Platform Engineer',
        description:
          'You will run Golang services on Kubernetes and write some JavaScript tooling.',
      }),
    ]);
    const uid = await seeker({
      skills: ['k8s', 'JS', 'go'],
      where: REMOTE_ONLY,
      targetRoles: ['Nothing Similar'],
    });
    const match = (await matchesOf(uid)).find((candidate) => candidate.jobId === job);
    expect(match?.coveredSkills).toEqual(
      expect.arrayContaining(['Go', 'Kubernetes', 'JavaScript']),
    );
    expect(match?.missingSkills).toEqual([]);
  });

  it('a closed posting is never matched, and matches again once it is back on its board', async () => {
    const board = uniqueBoard('ashby', 'closing');
    const record = postingRecord(board, { description: 'Haskell and OCaml compilers.' });
    const [job] = await ingest(board, [record]);
    const uid = await seeker({ skills: ['Haskell'], where: REMOTE_ONLY });
    expect(idsOf(await matchesOf(uid))).toContain(job);

    await ingestBoard(app.db, board, [], new Date(seenAt.getTime() + 60_000));
    expect(idsOf(await matchesOf(uid))).not.toContain(job);

    await ingestBoard(app.db, board, [record], new Date(seenAt.getTime() + 120_000));
    expect(idsOf(await matchesOf(uid))).toContain(job);
  });

  it('reasons list the covered requirements (from the profile and the CV) and the missing ones', async () => {
    const board = uniqueBoard('greenhouse', 'reasons');
    const [job] = await ingest(board, [
      postingRecord(
        board,
        {
          title: 'Senior Backend Engineer',
          locations: ['Remote - Anywhere'],
          description: 'We use Clojure, Redis, Apache Kafka and Terraform.',
          salary: { minUsd: 180_000, maxUsd: 220_000 },
        },
        seenAt,
      ),
    ]);
    const uid = await seeker(
      {
        skills: ['Clojure', 'Redis'],
        targetRoles: ['Data Engineer', 'Backend Engineers'],
        where: REMOTE_ONLY,
        seniority: 'senior',
        minSalaryUsd: 150_000,
        needsVisaSponsorship: true,
      },
      'Ten years of Kafka streams at scale.',
    );
    const match = (await matchesOf(uid)).find((candidate) => candidate.jobId === job);
    expect(match).toMatchObject({
      coveredSkills: ['Clojure', 'Redis', 'Apache Kafka'],
      missingSkills: ['Terraform'],
      seniority: 'senior',
      applyUrl: expect.stringMatching(/^https:\/\/jobs\.example\.com\//),
      firstSeenAt: seenAt.toISOString(),
      postedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(reason(match, 'skills')).toMatchObject({
      covered: ['Clojure', 'Redis', 'Apache Kafka'],
      missing: ['Terraform'],
      points: 30,
    });
    expect(reason(match, 'title')).toMatchObject({ matchedRole: 'Backend Engineers', points: 30 });
    expect(reason(match, 'seniority')).toMatchObject({ fit: 'same', points: 10 });
    expect(reason(match, 'visa')).toMatchObject({ fit: 'unknown', points: 0 });
    expect(match?.score).toBe(30 + 30 + 10 + 10 + 10);
    expect(reason(match, 'skills').text).toMatch(/Missing: Terraform/);
  });

  it('tells a seeker who needs a visa what each posting says of sponsorship', async () => {
    const board = uniqueBoard('lever', 'visa');
    const draft = (sentence: string) =>
      postingRecord(board, {
        title: 'Backend Engineer',
        locations: ['Remote - Anywhere'],
        description: `We use Clojure and Redis. ${sentence}`,
      });
    const [sponsors, refuses, silent] = await ingest(board, [
      draft('Visa sponsorship is available for this role.'),
      draft('We are unable to sponsor visas for this role.'),
      draft('We work in small teams.'),
    ]);
    const matches = await matchesOf(
      await seeker({
        skills: ['Clojure', 'Redis'],
        where: REMOTE_ONLY,
        needsVisaSponsorship: true,
      }),
    );
    const visaOf = (id: number | undefined) =>
      reason(
        matches.find((match) => match.jobId === id),
        'visa',
      );
    expect(visaOf(sponsors)).toMatchObject({ fit: 'sponsors', points: 0 });
    expect(visaOf(refuses)).toMatchObject({ fit: 'does-not-sponsor', points: 0 });
    expect(visaOf(silent)).toMatchObject({ fit: 'unknown', points: 0 });
  });

  it("a job too far from the seeker's level is left out; one that states no level is kept", async () => {
    const board = uniqueBoard('lever', 'levels');
    const description = 'Scala and Akka services.';
    const [intern, staff, unstated] = await ingest(board, [
      postingRecord(board, { title: 'Software Engineering Intern', description }),
      postingRecord(board, { title: 'Staff Software Engineer', description }),
      postingRecord(board, { title: 'Software Engineer', description }),
    ]);
    const matches = await matchesOf(
      await seeker({ skills: ['Scala'], where: REMOTE_ONLY, seniority: 'senior' }),
    );
    expect(idsOf(matches)).not.toContain(intern);
    expect(
      reason(
        matches.find((match) => match.jobId === staff),
        'seniority',
      ),
    ).toMatchObject({ fit: 'near' });
    expect(
      reason(
        matches.find((match) => match.jobId === unstated),
        'seniority',
      ),
    ).toMatchObject({
      fit: 'not-stated',
    });
  });

  it('matches titles by meaning: any spelling of the role, work next to it below, never the description alone or a people manager', async () => {
    const board = uniqueBoard('greenhouse', 'titles');
    const description = 'Work with our frontend engineers on the design system.';
    const [frontEnd, ui, fullStack, backend, manager] = await ingest(board, [
      postingRecord(board, { title: 'Senior Front-end Engineer', description }),
      postingRecord(board, { title: 'UI Engineer', description }),
      postingRecord(board, { title: 'Senior / Staff Full-Stack Engineer', description }),
      postingRecord(board, { title: 'Backend Engineer', description }),
      postingRecord(board, { title: 'Frontend Engineering Manager', description }),
    ]);
    const matches = await matchesOf(
      await seeker({
        targetRoles: ['Frontend Engineer'],
        skills: ['COBOL'],
        where: REMOTE_ONLY,
        seniority: 'senior',
        minSalaryUsd: null,
      }),
    );
    const ours = matches.filter((match) =>
      [frontEnd, ui, fullStack, backend, manager].includes(match.jobId),
    );
    expect(ours.map((match) => match.jobId)).toEqual([frontEnd, ui, fullStack]);
    expect(reason(ours[0], 'title')).toMatchObject({
      matchedRole: 'Frontend Engineer',
      points: MATCH_POINTS.title,
    });
    expect(reason(ours[2], 'title')).toMatchObject({
      matchedRole: 'Frontend Engineer',
      points: MATCH_POINTS.title / 2,
    });
  });

  it('lists a job whose title is none of the target roles only when it shares a third of the seeker\u2019s skills', async () => {
    const board = uniqueBoard('lever', 'unrelated');
    const [two, one] = await ingest(board, [
      postingRecord(board, { title: 'Growth Analyst', description: 'Erlang and Elixir.' }),
      postingRecord(board, { title: 'Growth Analyst', description: 'Erlang alone.' }),
    ]);
    const matches = await remoteMatches({
      targetRoles: ['Product Designer'],
      skills: ['Erlang', 'Elixir', 'Clojure', 'Haskell', 'OCaml'],
    });
    expect(idsOf(matches)).toContain(two);
    expect(idsOf(matches)).not.toContain(one);
  });

  it('shows a people manager\u2019s job only to a seeker whose target roles ask for one', async () => {
    const board = uniqueBoard('greenhouse', 'managers');
    const [manager] = await ingest(board, [
      postingRecord(board, { title: 'Frontend Engineering Manager', description: 'React.' }),
    ]);
    const lead = (targetRoles: string[]) =>
      remoteMatches({ targetRoles, skills: ['React'], seniority: 'lead' });
    const individual = await lead(['Frontend Engineer']);
    expect(idsOf(individual)).not.toContain(manager);
    const asking = await lead(['Frontend Engineer', 'Engineering Manager']);
    expect(idsOf(asking)).toContain(manager);
  });

  it('a scientist\u2019s title is work next to an engineer\u2019s; a plain software one is not next to machine learning', async () => {
    const board = uniqueBoard('ashby', 'research');
    const [scientist, growth] = await ingest(board, [
      postingRecord(board, { title: 'Research Scientist', description: 'COBOL.' }),
      postingRecord(board, { title: 'Software Engineer, Growth', description: 'COBOL.' }),
    ]);
    const matches = await remoteMatches({
      targetRoles: ['Machine Learning Engineer', 'Research Engineer'],
      skills: ['Fortran'],
    });
    expect(
      reason(
        matches.find((match) => match.jobId === scientist),
        'title',
      ),
    ).toMatchObject({
      points: MATCH_POINTS.title / 2,
    });
    expect(idsOf(matches)).not.toContain(growth);
  });

  it('answers the best match first', async () => {
    const board = uniqueBoard('ashby', 'ranking');
    const [partial, full] = await ingest(board, [
      postingRecord(board, {
        title: 'Developer',
        description: 'Erlang, Elixir, Terraform and Ansible.',
      }),
      postingRecord(board, { title: 'Erlang Developer', description: 'Erlang and Elixir.' }),
    ]);
    const matches = await matchesOf(
      await seeker({
        skills: ['Erlang', 'Elixir'],
        targetRoles: ['Erlang Developer'],
        where: REMOTE_ONLY,
        minSalaryUsd: null,
      }),
    );
    const ids = idsOf(matches);
    expect(ids.indexOf(full ?? -1)).toBeLessThan(ids.indexOf(partial ?? -1));
    expect(ids.indexOf(full ?? -1)).toBeGreaterThanOrEqual(0);
    expect(matches.map((match) => match.score)).toEqual(
      [...matches.map((match) => match.score)].sort((a, b) => b - a),
    );
  });

  it('answers profileMissing and no matches for a user without a profile', async () => {
    expect(await findMatches(app.db, `nobody-${randomUUID()}`)).toEqual({
      slot: 1,
      active: true,
      profileMissing: true,
      matches: [],
    });
  });
});
