import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATABASES } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import {
  idsOf,
  reason,
  reasonFor,
  REMOTE_ONLY,
  seenAt,
  useMatchingBackend,
} from './support/matchingWorld';

describe.each(DATABASES)('matching jobs to a profile on %s', (database) => {
  const { seeker, ingest, fixtureIds, findFor, matchesOf } = useMatchingBackend(database);

  it('a remote-only seeker never sees an on-site job, however well its skills fit', async () => {
    const [sanFrancisco, remoteUs, pittsburgh] = await fixtureIds('greenhouse', 'acme');
    const [london, anywhere] = await fixtureIds('greenhouse', 'northwind');
    const [austinDenver, remoteAnalyst] = await fixtureIds('ashby', 'initech');
    const uid = await seeker({
      where: REMOTE_ONLY,
      // Every fixture's title is a target role: the place alone decides.
      targetRoles: [
        'Backend Engineer',
        'Machine Learning Engineer',
        'Frontend Engineer',
        'Data Analyst',
      ],
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
      minSalary: null,
    });
    const matches = await matchesOf(uid);
    expect(idsOf(matches)).toEqual(expect.arrayContaining([remoteUs, anywhere, remoteAnalyst]));
    for (const onSite of [sanFrancisco, pittsburgh, london, austinDenver])
      expect(idsOf(matches)).not.toContain(onSite);
    expect(matches.every((match) => match.usEligibility.startsWith('remote-'))).toBe(true);
    expect(reasonFor(matches, anywhere, 'location')).toMatchObject({
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
      // Every fixture's title is a target role: the place alone decides.
      targetRoles: [
        'Site Reliability Engineer',
        'Full Stack Engineer',
        'Backend Engineer',
        'Data Analyst',
        'Engineering Manager',
      ],
      skills: ['Kubernetes', 'Prometheus', 'Linux', 'TypeScript', 'Python', 'SQL', 'Java'],
      seniority: 'senior',
      minSalary: null,
    });
    const ids = idsOf(await matchesOf(uid));
    expect(ids).toEqual(expect.arrayContaining([newYorkAustin, austinDenver]));
    for (const elsewhere of [toronto, chicago, remoteAnalyst]) expect(ids).not.toContain(elsewhere);
  });

  it('a job remote anywhere in a state reaches a seeker who names a city of that state', async () => {
    const board = uniqueBoard('greenhouse', 'state-remote');
    const [oregon, texas] = await ingest(
      board,
      ['Remote - Oregon', 'Remote - Texas'].map((location) =>
        postingRecord(board, { title: 'Senior Backend Engineer', locations: [location] }),
      ),
    );
    const uid = await seeker({
      where: { ...REMOTE_ONLY, usCities: [{ city: 'Portland', state: 'OR' }] },
      minSalary: null,
    });
    const matches = await matchesOf(uid);
    expect(idsOf(matches)).toContain(oregon);
    expect(idsOf(matches)).not.toContain(texas);
    expect(reasonFor(matches, oregon, 'location')).toMatchObject({
      fit: 'remote-region',
      text: 'Remote, open to where you live.',
    });
  });

  it('a salary floor excludes a job whose range tops out below it, and keeps one that states no pay', async () => {
    const board = uniqueBoard('lever', 'pay');
    const skills = { description: 'Services in Elixir and Phoenix framework on PostgreSQL.' };
    const [below, reaches, unstated] = await ingest(board, [
      postingRecord(board, { ...skills, salary: { minUsd: 100_000, maxUsd: 130_000 } }),
      postingRecord(board, { ...skills, salary: { minUsd: 120_000, maxUsd: 160_000 } }),
      postingRecord(board, { ...skills, salary: null }),
    ]);
    const uid = await seeker({
      skills: ['Elixir'],
      where: REMOTE_ONLY,
      minSalary: { amount: 140_000, currency: 'USD', period: 'year' },
    });
    const matches = await matchesOf(uid);
    expect(idsOf(matches)).not.toContain(below);
    const kept = matches.find((match) => match.jobId === reaches);
    expect(reason(kept, 'salary')).toMatchObject({
      fit: 'meets-floor',
      salary: { currency: 'USD', min: 120_000, max: 160_000 },
      text: 'Pays $120,000–$160,000 a year, its top reaching your minimum of $140,000 a year.',
    });
    expect(reasonFor(matches, unstated, 'salary')).toMatchObject({
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

  /** The match of one new posting, titled as the seeker's target role, for a seeker of these skills. */
  async function matchOnSkills(description: string, skills: string[]) {
    const board = uniqueBoard('greenhouse', 'framework');
    const [job] = await ingest(board, [
      postingRecord(board, { title: 'Web Platform Engineer', description }),
    ]);
    const uid = await seeker({ skills, where: REMOTE_ONLY, targetRoles: ['Platform Engineer'] });
    return (await matchesOf(uid)).find((candidate) => candidate.jobId === job);
  }

  it('a job asking only a framework reaches a seeker who knows what it is built on', async () => {
    const match = await matchOnSkills('You will build our site in Next.js.', ['React']);
    expect(match).toMatchObject({ coveredSkills: ['React'], missingSkills: ['Next.js'] });
    expect(reason(match, 'skills').text).toBe('It asks for Next.js, built on your React.');
  });

  it('a seeker who names a framework finds a job asking what it is built on', async () => {
    const match = await matchOnSkills('You will write Java services.', ['Spring Boot']);
    expect(match).toMatchObject({ coveredSkills: ['Java'], missingSkills: [] });
  });

  it('a closed posting is never matched, and matches again once it is back on its board', async () => {
    const board = uniqueBoard('ashby', 'closing');
    const record = postingRecord(board, { description: 'Haskell and OCaml compilers.' });
    const [job] = await ingest(board, [record]);
    const uid = await seeker({ skills: ['Haskell'], where: REMOTE_ONLY });
    expect(idsOf(await matchesOf(uid))).toContain(job);

    await ingest(board, [], new Date(seenAt.getTime() + 60_000));
    expect(idsOf(await matchesOf(uid))).not.toContain(job);

    await ingest(board, [record], new Date(seenAt.getTime() + 120_000));
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
        minSalary: { amount: 150_000, currency: 'USD', period: 'year' },
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
      points: 23,
    });
    expect(reason(match, 'title')).toMatchObject({ matchedRole: 'Backend Engineers', points: 40 });
    expect(reason(match, 'seniority')).toMatchObject({ fit: 'same', points: 10 });
    expect(reason(match, 'visa')).toMatchObject({ fit: 'unknown', points: 0 });
    expect(match?.score).toBe(23 + 40 + 10 + 10 + 10);
    // What is missing is its own list, not a reason.
    expect(reason(match, 'skills').text).not.toMatch(/Terraform|Missing/);
  });

  it('tells a seeker who needs a visa what each posting says, and lists none that refuses', async () => {
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
    const visaOf = (id: number | undefined) => reasonFor(matches, id, 'visa');
    expect(visaOf(sponsors)).toMatchObject({ fit: 'sponsors', points: 0 });
    expect(visaOf(silent)).toMatchObject({ fit: 'unknown', points: 0 });
    expect(matches.map((match) => match.jobId)).not.toContain(refuses);
  });

  it('answers profileMissing and no matches for a user without a profile', async () => {
    expect(await findFor(`nobody-${randomUUID()}`)).toEqual({
      slot: 1,
      active: true,
      profileMissing: true,
      matches: [],
    });
  });
});
