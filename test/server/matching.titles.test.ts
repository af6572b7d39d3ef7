import { describe, expect, it } from 'vitest';
import { profilesForJob } from '../../server/alerts/profilesForJob';
import { MATCH_POINTS } from '../../server/matching/scoreMatch';
import { DATABASES } from './support/backend';
import { postingRecord, uniqueBoard } from './support/jobs';
import { idsOf, reason, reasonFor, REMOTE_ONLY, useMatchingBackend } from './support/matchingWorld';

/** A seeker's skills of which the postings below ask one, COBOL. */
const FOUR_SKILLS = ['COBOL', 'Fortran', 'Ada', 'Pascal'];

/** Matching by title (the role, work next to it, managers) and level, and the order of matches. */
describe.each(DATABASES)('matching titles and levels on %s', (database) => {
  const { app, seeker, ingest, ingestTitles, matchesOf, remoteMatches } =
    useMatchingBackend(database);

  it("a job too far from the seeker's level is left out; one that states no level is kept", async () => {
    const [intern, staff, unstated] = await ingestTitles(
      'lever',
      'levels',
      ['Software Engineering Intern', 'Staff Software Engineer', 'Software Engineer'],
      'Scala and Akka services.',
    );
    const matches = await matchesOf(
      await seeker({ skills: ['Scala'], where: REMOTE_ONLY, seniority: 'senior' }),
    );
    expect(idsOf(matches)).not.toContain(intern);
    expect(reasonFor(matches, staff, 'seniority')).toMatchObject({ fit: 'near' });
    expect(reasonFor(matches, unstated, 'seniority')).toMatchObject({
      fit: 'not-stated',
    });
  });

  it('reads a slash in a title or a role as between two words: "ML/AI Engineer" is an ML Engineer job', async () => {
    const [mlAi, mobile] = await ingestTitles(
      'ashby',
      'slashes',
      ['ML/AI Engineer', 'Sr. iOS/Android Developer'],
      'Models in production.',
    );
    const ml = await seeker({ targetRoles: ['ML Engineer'], where: REMOTE_ONLY, minSalary: null });
    expect(reasonFor(await matchesOf(ml), mlAi, 'title')).toMatchObject({
      matchedRole: 'ML Engineer',
    });
    // The alert lookup finds the seeker by the anchor of a role written with a slash.
    const ios = await seeker({
      targetRoles: ['iOS/Android Developer'],
      where: REMOTE_ONLY,
      minSalary: null,
    });
    const fits = await profilesForJob(app().db, mobile ?? -1);
    expect(fits.map((fit) => fit.uid)).toContain(ios);
  });

  it('counts kinds of work next to a role at half: Mobile for iOS, Cloud for DevOps, Product Owner for a PM', async () => {
    const titles = ['Mobile Engineer', 'Cloud Engineer', 'Product Owner', 'Sales Executive'];
    const ids = await ingestTitles('lever', 'neighbours', titles, 'Join a small team.');
    const roles = ['iOS Engineer', 'DevOps Engineer', 'Product Manager', 'Account Executive'];
    for (const [at, role] of roles.entries()) {
      const matches = await remoteMatches({ targetRoles: [role], skills: [] });
      expect(reasonFor(matches, ids[at] ?? -1, 'title'), role).toMatchObject({
        matchedRole: role,
        points: MATCH_POINTS.title / 2,
      });
    }
  });

  it('matches titles by meaning: any spelling of the role, work next to it below, never the description alone or a people manager', async () => {
    // Names one skill (Frontend Development), which work next to the role needs in common.
    const [frontEnd, ui, fullStack, backend, manager] = await ingestTitles(
      'greenhouse',
      'titles',
      [
        'Senior Front-end Engineer',
        'UI Engineer',
        'Senior / Staff Full-Stack Engineer',
        'Backend Engineer',
        'Frontend Engineering Manager',
      ],
      'Work with our frontend engineers on the design system.',
    );
    const matches = await matchesOf(
      await seeker({
        targetRoles: ['Frontend Engineer'],
        // A quarter of the fit: the back-end job sharing it is not listed on skills alone.
        skills: [...FOUR_SKILLS.slice(0, 3), 'Frontend Development'],
        where: REMOTE_ONLY,
        seniority: 'senior',
        minSalary: null,
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

  it('lists a job whose title is none of the target roles only when it shares two thirds of the seeker\u2019s skills', async () => {
    const board = uniqueBoard('lever', 'unrelated');
    const [four, three] = await ingest(board, [
      postingRecord(board, {
        title: 'Growth Analyst',
        description: 'Erlang, Elixir, Clojure and Haskell.',
      }),
      postingRecord(board, { title: 'Growth Analyst', description: 'Erlang, Elixir and Clojure.' }),
    ]);
    const matches = await remoteMatches({
      targetRoles: ['Product Designer'],
      skills: ['Erlang', 'Elixir', 'Clojure', 'Haskell', 'OCaml'],
    });
    expect(idsOf(matches)).toContain(four);
    expect(idsOf(matches)).not.toContain(three);
  });

  it('shows a people manager\u2019s job only to a seeker whose target roles ask for one', async () => {
    const [manager] = await ingestTitles(
      'greenhouse',
      'managers',
      ['Frontend Engineering Manager'],
      'React.',
    );
    const lead = (targetRoles: string[]) =>
      remoteMatches({ targetRoles, skills: ['React'], seniority: 'lead' });
    const individual = await lead(['Frontend Engineer']);
    expect(idsOf(individual)).not.toContain(manager);
    const asking = await lead(['Frontend Engineer', 'Engineering Manager']);
    expect(idsOf(asking)).toContain(manager);
  });

  it('a scientist\u2019s title is work next to an engineer\u2019s; a plain software one is not next to machine learning', async () => {
    const [scientist, growth] = await ingestTitles(
      'ashby',
      'research',
      ['Research Scientist', 'Software Engineer, Growth'],
      'COBOL.',
    );
    // One skill in common (which a near title needs), a quarter of the fit: too few on its own.
    const matches = await remoteMatches({
      targetRoles: ['Machine Learning Engineer', 'Research Engineer'],
      skills: FOUR_SKILLS,
    });
    expect(reasonFor(matches, scientist, 'title')).toMatchObject({
      points: MATCH_POINTS.title / 2,
    });
    expect(idsOf(matches)).not.toContain(growth);
  });

  // [what it shows, board label, target role, a title near it, a title not near it]
  it.each([
    [
      'an architect\u2019s title is work next to an engineer\u2019s of the same kind, not of another',
      'architects',
      'Backend Engineer',
      'Backend Architect - Payments',
      'Solutions Architect',
    ],
    [
      'an account manager\u2019s title is work next to an account executive\u2019s; a sales engineer\u2019s is not',
      'sales',
      'Account Executive',
      'Expansion Account Manager',
      'Sales Engineer',
    ],
  ] as const)('%s', async (_, label, role, near, other) => {
    const [nearId, otherId] = await ingestTitles('lever', label, [near, other], 'COBOL.');
    // One skill in common (which a near title needs), a quarter of the fit: too few on its own.
    const matches = await remoteMatches({ targetRoles: [role], skills: FOUR_SKILLS });
    expect(reasonFor(matches, nearId, 'title')).toMatchObject({
      matchedRole: role,
      points: MATCH_POINTS.title / 2,
    });
    expect(idsOf(matches)).not.toContain(otherId);
  });

  it('a program or project manager\u2019s title is not work next to a product manager\u2019s', async () => {
    const [program, project] = await ingestTitles(
      'greenhouse',
      'programs',
      ['Technical Program Manager, Risk', 'Senior Project Manager'],
      'COBOL.',
    );
    const matches = await remoteMatches({ targetRoles: ['Product Manager'], skills: FOUR_SKILLS });
    expect(idsOf(matches)).not.toContain(program);
    expect(idsOf(matches)).not.toContain(project);
  });

  it('a title naming a specialism the role leaves out (ML, iOS, Android, QA) is only near it', async () => {
    const [general, ml, ios] = await ingestTitles(
      'greenhouse',
      'specialisms',
      ['Senior Software Engineer', 'Machine Learning Software Engineer', 'iOS Software Engineer'],
      'COBOL.',
    );
    const generalist = await remoteMatches({
      targetRoles: ['Software Engineer'],
      skills: FOUR_SKILLS,
    });
    expect(reasonFor(generalist, general, 'title')).toMatchObject({
      points: MATCH_POINTS.title,
    });
    for (const special of [ml, ios])
      expect(reasonFor(generalist, special, 'title')).toMatchObject({
        matchedRole: 'Software Engineer',
        points: MATCH_POINTS.title / 2,
      });
    // A role that names the specialism matches it whole.
    const mlEngineer = await remoteMatches({
      targetRoles: ['ML Engineer'],
      skills: FOUR_SKILLS,
    });
    expect(reasonFor(mlEngineer, ml, 'title')).toMatchObject({
      matchedRole: 'ML Engineer',
      points: MATCH_POINTS.title,
    });
  });

  it('a generic neighbour ("software") is near only in a title that names no other kind of work', async () => {
    const [growth, client, infrastructure] = await ingestTitles(
      'ashby',
      'generic',
      [
        'Software Engineer, Growth',
        'Software Engineer, Client Infrastructure',
        'Infrastructure Software Engineer',
      ],
      'COBOL.',
    );
    const matches = await remoteMatches({
      targetRoles: ['Frontend Engineer'],
      skills: FOUR_SKILLS,
    });
    for (const near of [growth, client])
      expect(reasonFor(matches, near, 'title')).toMatchObject({ points: MATCH_POINTS.title / 2 });
    expect(idsOf(matches)).not.toContain(infrastructure);
  });

  it('answers the best match first', async () => {
    const board = uniqueBoard('ashby', 'ranking');
    const [partial, full] = await ingest(board, [
      postingRecord(board, {
        title: 'Developer',
        description: 'Erlang, Elixir and Terraform.',
      }),
      postingRecord(board, { title: 'Erlang Developer', description: 'Erlang and Elixir.' }),
    ]);
    const matches = await matchesOf(
      await seeker({
        skills: ['Erlang', 'Elixir'],
        targetRoles: ['Erlang Developer'],
        where: REMOTE_ONLY,
        minSalary: null,
      }),
    );
    const ids = idsOf(matches);
    expect(ids.indexOf(full ?? -1)).toBeLessThan(ids.indexOf(partial ?? -1));
    expect(ids.indexOf(full ?? -1)).toBeGreaterThanOrEqual(0);
    expect(matches.map((match) => match.score)).toEqual(
      [...matches.map((match) => match.score)].sort((a, b) => b - a),
    );
  });
});
