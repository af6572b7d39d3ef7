import { describe, expect, it } from 'vitest';
import { NO_PROPOSALS, proposeFromCv } from '../../server/cv/cvProposals';

const NOW = new Date('2026-06-01T00:00:00Z');
const propose = (lines: string[]) => proposeFromCv(lines.join('\n'), NOW);

describe("a CV's proposals for the profile", () => {
  it('proposes the roles of its titles, the most recent first, without their level', () => {
    const proposals = propose([
      'Sam Rivera',
      'Data Analyst | Initech | 2015 - 2018',
      'Sr. Data Engineer II, Hooli, 2021 - Present',
      'Machine Learning Engineer at Vandelay 2018 - 2021',
      '- Worked with the product manager on pricing.',
    ]);
    // Written as the common titles write them.
    expect(proposals.targetRoles).toEqual([
      'Data engineer',
      'Machine learning engineer',
      'Data analyst',
    ]);
  });

  it('reads titles after their dates, in capitals, and a trainee’s', () => {
    const proposals = propose([
      '2023 – Present  SENIOR FRONTEND ENGINEER, Initech',
      'Mar. 2021 – Jan 2023 Software Engineering Intern, Acme',
    ]);
    expect(proposals.targetRoles).toEqual(['Frontend engineer', 'Software Engineering Intern']);
    expect(propose(['Software Engineering Intern, Acme, 2025 - Present']).seniority).toBe('intern');
  });

  it('puts the skills of the most recent role first, then the most often named', () => {
    const proposals = propose([
      'Summary: Python, Python everywhere; Java and Python.',
      'Developer, Acme, 2022 - Present',
      '- Rust services on PostgreSQL.',
      'Engineer, Globex, 2016 - 2022',
      '- Java and Python, then more Java.',
      '- Java batch jobs; Python scripts.',
      'Skills',
      'Python, Slack, Agile',
    ]);
    expect(proposals.skills.slice(0, 2).sort()).toEqual(['PostgreSQL', 'Rust']);
    expect(proposals.skills.slice(2, 4)).toEqual(['Python', 'Java']);
    // A tool a posting may ask for stays, after what the roles name; ways of working add nothing.
    expect(proposals.skills.indexOf('Slack')).toBeGreaterThan(3);
    expect(proposals.skills).not.toContain('Agile');
  });

  it.each([
    ['the most recent title', ['Staff Engineer, Acme, 2020 - Present'], 'lead'],
    ['the most recent title', ['Junior Developer, Acme, 2025 - Present'], 'junior'],
    ['the years the CV states', ['Engineer with 6 years of experience in Go.'], 'senior'],
    [
      'the years its dates span, for a numbered title',
      ['Software Engineer II, Acme, 2023 - Present', 'Intern Developer, Globex, 2022 - 2023'],
      'mid',
    ],
  ])('reads the level from %s', (_label, lines, level) => {
    expect(propose(lines).seniority).toBe(level);
  });

  it('proposes the US city and state of its header, not the places of past roles', () => {
    const proposals = propose([
      'Ada Park',
      'Portland, OR 97201 · ada@example.com | 555-0100',
      'Remote within Colorado',
      'Frontend Engineer, Acme, Seattle, WA, 2020 - Present',
      '- Worked from Chicago, IL offices.',
    ]);
    expect(proposals.usCities).toEqual([{ city: 'Portland', state: 'OR' }]);
    expect(proposals.usStates).toEqual(['CO']);
    expect(proposals.remote).toBe(true);
  });

  it('takes no place for the person’s after the first section heading', () => {
    const proposals = propose([
      'ALEX KIM',
      'Brooklyn, NY | alex@example.com',
      'PROFESSIONAL EXPERIENCE',
      'Initech — Boston, MA',
      'Frontend Developer',
    ]);
    expect(proposals.usCities).toEqual([{ city: 'Brooklyn', state: 'NY' }]);
  });

  it('proposes nothing from a text with no title, skill, level or place', () => {
    expect(propose(['To whom it may concern,', 'I like long walks.'])).toEqual(NO_PROPOSALS);
    expect(propose([])).toEqual(NO_PROPOSALS);
  });

  it('keeps at most five roles and thirty skills', () => {
    const roles = Array.from({ length: 8 }, (_, at) => `Engineer ${'ABCDEFGH'[at]} Developer`);
    const skills = 'Python Java Go Rust Ruby PHP Kotlin Swift Scala Elixir Haskell Perl Lua Dart '
      .concat('React Vue Angular Svelte Django Flask Rails Spring Kafka Redis PostgreSQL MySQL ')
      .concat('MongoDB Docker Kubernetes Terraform Ansible AWS GCP Azure');
    const proposals = propose([...roles, skills.split(' ').join(', ')]);
    expect(proposals.targetRoles).toHaveLength(5);
    expect(proposals.skills).toHaveLength(30);
  });
});
