import { describe, expect, it } from 'vitest';
import { SKILLS } from '../../server/skills/skillData';
import { buildSkillIndex } from '../../server/skills/skillIndex';
import { canonicalSkill, findSkills } from '../../server/skills/skillVocabulary';

describe('findSkills', () => {
  it('maps aliases to one canonical name each', () => {
    expect(findSkills('JS, TS, k8s, Postgres, GCP, golang, ReactJS')).toEqual([
      'JavaScript',
      'TypeScript',
      'Kubernetes',
      'PostgreSQL',
      'Google Cloud',
      'Go',
      'React',
    ]);
    expect(findSkills('PostgreSQL and postgres and Postgres')).toEqual(['PostgreSQL']);
    expect(findSkills('React.js, React JS or react')).toEqual(['React']);
  });

  it('keeps punctuation that is part of a name: C++, C#, F#, Node.js, .NET, ASP.NET, CI/CD', () => {
    expect(
      findSkills('We write C++ and C#, some F#; services on Node.js, .NET and ASP.NET with CI/CD.'),
    ).toEqual(['C++', 'C#', 'F#', 'Node.js', '.NET', 'ASP.NET', 'CI/CD']);
    expect(findSkills('Modern C++17 required')).toEqual(['C++']);
  });

  it('reads no skill in an e-mail or web address, and the sentence still ends after one', () => {
    expect(
      findSkills(
        'Agencies, write to vendor-partnerships@example.com. Docs: https://example.dev/rust',
      ),
    ).toEqual([]);
    expect(findSkills('Mail jobs@example.com. Python and Go')).toEqual(['Python', 'Go']);
  });

  it('ends a name at sentence punctuation and splits names joined by + or /', () => {
    expect(
      findSkills('Our API runs on Node.js. Python+Django for admin, React/Redux in front'),
    ).toEqual(['Node.js', 'Python', 'Django', 'React', 'Redux']);
  });

  it('prefers the longest phrase: "React Native" is not React, "Objective-C" is not C', () => {
    expect(findSkills('React Native and Objective-C')).toEqual(['React Native', 'Objective-C']);
    expect(findSkills('Google Cloud Platform')).toEqual(['Google Cloud']);
  });

  it('finds no language in everyday uses of go, Go, C and R', () => {
    expect(findSkills("go to the office, let's go")).toEqual([]);
    expect(findSkills('Go to the office every Tuesday.')).toEqual([]);
    expect(
      findSkills('We raised a Series C round and grew our R&D team. Plan C is ready.'),
    ).toEqual([]);
  });

  it('finds Go, C and R in a tech context: next to another skill, or with "developer", "in", "with"', () => {
    expect(findSkills('Stack: Python, Go and Rust')).toEqual(['Python', 'Go', 'Rust']);
    expect(findSkills('Senior Go developer')).toEqual(['Go']);
    expect(findSkills('Services written in Go')).toEqual(['Go']);
    expect(findSkills('Experience with R and statistics')).toEqual(['R', 'Statistics']);
    expect(findSkills('Firmware in C/C++')).toEqual(['Embedded Systems', 'C', 'C++']);
  });

  it('finds them after "expert in" or "years of", and as a list item beside another skill', () => {
    expect(findSkills('Expert in Go; 3+ years of R')).toEqual(['Go', 'R']);
    expect(findSkills('Requirements:\n- Go\n- Kubernetes')).toEqual(['Go', 'Kubernetes']);
    expect(findSkills('Plan C\nWe grew fast. Go\nAhead of the curve')).toEqual([]);
  });

  it('does not let a skill in the previous sentence vouch for Go', () => {
    expect(findSkills('We love Python. Go ahead and apply!')).toEqual(['Python']);
  });

  it('matches everyday-word names only as written: Spark, Swift, REST, Rails, Node', () => {
    expect(
      findSkills('a spark of joy, a swift reply, a good rest, guard rails, each node'),
    ).toEqual([]);
    expect(findSkills('Spark, Swift, REST, Rails, Node')).toEqual([
      'Apache Spark',
      'Swift',
      'REST APIs',
      'Ruby on Rails',
      'Node.js',
    ]);
  });

  it('finds no skill in job-ad boilerplate that names places and uses tool names as words', () => {
    const boilerplate = [
      'Headquartered in Phoenix, AZ with offices in Aurora, CO and Cypress, CA.',
      'Spring 2027 Internship. Express your interest! Excel in a fast-paced environment.',
      'Our core data platform powers decisions; rest assured we support you.',
      'Assembly Technician, night shift. Digital Nomad friendly. Packer and Shipper. Chef de cuisine.',
      'Medical, dental and vision; 401(k) matching; equal opportunity employer.',
    ].join('\n');
    expect(findSkills(boilerplate)).toEqual([]);
  });

  it('finds the same tool names in a tech context', () => {
    expect(
      findSkills(
        'Java/Spring, Chef or Puppet, Express framework and Cypress tests; Excel experience.',
      ),
    ).toEqual(['Java', 'Spring', 'Chef', 'Puppet', 'Express', 'Cypress', 'Excel']);
  });

  it('lists each skill once, in order of first appearance', () => {
    expect(findSkills('Kubernetes, Docker, k8s, docker, AWS, Kubernetes')).toEqual([
      'Kubernetes',
      'Docker',
      'AWS',
    ]);
  });

  it('reads "SaaS" as SaaS Sales only in a sentence about selling', () => {
    expect(findSkills('Three years closing deals at a SaaS company.')).toEqual(['SaaS Sales']);
    expect(findSkills('- A record of SaaS quota attainment')).toEqual(['SaaS Sales']);
    expect(findSkills('We build a SaaS platform. Our sales team is great.')).toEqual([]);
  });

  it('reads "enterprise" as Enterprise Sales only in a sentence about selling', () => {
    expect(findSkills('- Five years closing complex Enterprise software deals')).toEqual([
      'Enterprise Sales',
    ]);
    expect(findSkills('Sold into an enterprise book of customers.')).toEqual([]);
    expect(findSkills('We build enterprise software. Our sales team is great.')).toEqual([]);
    expect(findSkills('- A record of enterprise quota attainment')).toEqual(['Enterprise Sales']);
  });

  it('reads "federal" or "government" as Government Sales only in a sentence about selling', () => {
    expect(findSkills('- Experience selling to Federal Civilian agencies')).toEqual([
      'Government Sales',
    ]);
    expect(findSkills('- A record of closing government deals')).toEqual(['Government Sales']);
    expect(findSkills('Protected under federal law. We work with government bodies.')).toEqual([]);
  });

  it('reads the short and plural names sellers and AI engineers use: SFDC, OpenAI APIs', () => {
    expect(findSkills('- Keep opportunities up to date in SFDC')).toEqual(['Salesforce']);
    expect(findSkills('- Familiarity with OpenAI APIs, Anthropic APIs or the Claude API')).toEqual([
      'OpenAI API',
      'Anthropic API',
    ]);
  });

  it('reads outbound prospecting and sales development apart from prospecting at large', () => {
    expect(findSkills('- Execute targeted, multi-channel outbound prospecting')).toEqual([
      'Outbound Prospecting',
    ]);
    expect(findSkills('- 1+ year of SDR/BDR experience')).toEqual(['Sales Development']);
    expect(findSkills('- 1 year in inbound or outbound sales development')).toEqual([
      'Sales Development',
    ]);
    expect(findSkills('- Prospecting into new accounts')).toEqual(['Sales Prospecting']);
  });

  it('finds nothing in empty or skill-free text', () => {
    expect(findSkills('')).toEqual([]);
    expect(findSkills('We are a friendly team that values kindness.')).toEqual([]);
  });

  it('reads a 5 MB posting, hostile runs included, and finds exactly the skills in it', () => {
    const filler = 'We build things together and ship every week. ';
    const hostile = [
      'a.'.repeat(200_000),
      '+'.repeat(200_000),
      'x&'.repeat(200_000),
      '.'.repeat(200_000),
    ].join(' ');
    const body = [
      filler.repeat(90_000),
      ' Rust and Terraform. ',
      hostile,
      ' We use TypeScript on AWS.',
    ].join('');
    expect(body.length).toBeGreaterThan(5_000_000);
    expect(findSkills(body)).toEqual(['Rust', 'Terraform', 'TypeScript', 'AWS']);
  });
});

describe('canonicalSkill', () => {
  it('maps what a user types, in any case, to the canonical name', () => {
    expect(canonicalSkill('k8s')).toBe('Kubernetes');
    expect(canonicalSkill('go')).toBe('Go');
    expect(canonicalSkill('golang')).toBe('Go');
    expect(canonicalSkill('  react.js ')).toBe('React');
    expect(canonicalSkill('node')).toBe('Node.js');
    expect(canonicalSkill('c#')).toBe('C#');
    expect(canonicalSkill('C++')).toBe('C++');
    expect(canonicalSkill('c')).toBe('C');
    expect(canonicalSkill('Postgres')).toBe('PostgreSQL');
    expect(canonicalSkill('ci/cd')).toBe('CI/CD');
  });

  it('returns null for unknown or empty input', () => {
    expect(canonicalSkill('basket weaving')).toBeNull();
    expect(canonicalSkill('')).toBeNull();
    expect(canonicalSkill('+++')).toBeNull();
    expect(canonicalSkill('React '.repeat(10_000))).toBeNull();
  });

  it('knows every canonical name in the vocabulary', () => {
    for (const skill of SKILLS) expect(canonicalSkill(skill.name), skill.name).toBe(skill.name);
  });
});

describe('the vocabulary', () => {
  it('has a few hundred skills with unique names', () => {
    const names = SKILLS.map((skill) => skill.name);
    expect(names.length).toBeGreaterThanOrEqual(300);
    expect(new Set(names).size).toBe(names.length);
  });

  it('refuses a spelling that would mean two skills', () => {
    expect(() =>
      buildSkillIndex([
        { name: 'Hadoop', category: 'data', aliases: ['YARN'] },
        { name: 'npm', category: 'tool', aliases: ['Yarn'] },
      ]),
    ).toThrow(/"yarn" means both Hadoop and npm/);
  });
});
