import { describe, expect, it } from 'vitest';
import { roleText } from '../../../server/jobs/normalise/roleText';

describe('roleText', () => {
  const posting = [
    'Qualifications',
    '- 10+ years programming CNC machines',
    'Bonus Qualifications',
    '- Experience with Solidworks',
    'About Zoox',
    'Zoox sits at the intersection of robotics, machine learning, and design.',
  ].join('\n');

  it('leaves an "About <company>" section out of the role and its nice-to-haves', () => {
    const { required, nice } = roleText(posting);
    expect(required).toContain('CNC');
    expect(nice).toContain('Solidworks');
    expect(`${required}\n${nice}`).not.toContain('machine learning');
  });

  it('reads a short question as a heading: "Why choose Acme?" leaves the blurb out', () => {
    const { required } = roleText(
      [
        'Requirements',
        '- 3+ years of Python',
        'Why choose Acme?',
        "- Shape the future with the world's leading blockchain ecosystem",
      ].join('\n'),
    );
    expect(required).toContain('Python');
    expect(required).not.toContain('blockchain');
  });

  it('still reads "About the Role" and "About You" as the role', () => {
    const { required } = roleText(
      ['About the Role', 'You will build React apps.', 'About You', '- 3+ years of Go'].join('\n'),
    );
    expect(required).toContain('React');
    expect(required).toContain('Go');
  });
});

describe('roleText sections', () => {
  it('keeps what the role asks apart from what it does, and "a plus" sentences as nice', () => {
    const role = roleText(
      [
        'What you will do',
        '- Build APIs in Go',
        'You might thrive in this role if you',
        '- Know Postgres. Kafka is a plus. Java would be beneficial.',
      ].join('\n'),
    );
    expect(role.duties).toContain('Go');
    expect(role.asks).toContain('Postgres');
    expect(role.asks).not.toContain('Kafka');
    expect(role.nice).toContain('Kafka');
    expect(role.nice).toContain('Java');
  });

  it('reads a stack the posting says you need not know as a nice-to-have', () => {
    const role = roleText(
      [
        'Requirements',
        '- TypeScript',
        'Our tech',
        'You are not expected to know everything listed.',
        '- Redis',
      ].join('\n'),
    );
    expect(role.niceDuties).toContain('Redis');
    expect(role.required).not.toContain('Redis');
  });

  it('takes from the intro only the sentences that ask for something', () => {
    const role = roleText(
      [
        'Our customers include Shopify. We expect strong Rust fundamentals.',
        'Requirements',
        '- SQL',
      ].join('\n'),
    );
    expect(role.asks).toContain('Rust');
    expect(role.asks).not.toContain('Shopify');
  });

  it('leaves the company overview and the interview process out', () => {
    const role = roleText(
      [
        'Responsibilities',
        '- Ship Swift apps',
        'Company Overview',
        'We use Kotlin everywhere.',
        'Interview Process',
        '- A Java pairing call',
      ].join('\n'),
    );
    expect(role.required).toContain('Swift');
    expect(role.required).not.toMatch(/Kotlin|Java/);
  });

  it('leaves "The Company", its description, its customers and what you get out', () => {
    for (const heading of [
      'The Company',
      'Company Description',
      'Our Customers',
      'Why you will love working here',
      'What you get',
    ]) {
      const role = roleText(['Requirements', '- SQL', heading, 'We run on Kotlin.'].join('\n'));
      expect(role.required, heading).not.toContain('Kotlin');
    }
  });

  it('reads "Your profile", "Knowledge, skills and abilities" and "Is this you?" as what it asks', () => {
    for (const heading of ['Your profile', 'Knowledge, skills and abilities', 'Is this you?']) {
      const lines = ['About Acme', 'We make tools.', heading, '- Experience with Kotlin'];
      expect(roleText(lines.join('\n')).required, heading).toContain('Kotlin');
    }
  });

  it('reads a "Why <company>" section as the company\'s pitch, not the role', () => {
    const role = roleText(
      ['Requirements', '- 3+ years of SQL', 'Why Examplecorp', '• The leading Kafka platform'].join(
        '\n',
      ),
    );
    expect(role.asks).toContain('SQL');
    expect(role.required).not.toContain('Kafka');
  });

  it('reads "Working at <company>" and past projects as the company, not the role', () => {
    for (const heading of ['Working at Acme', 'Mentors, research areas, & past projects']) {
      const text = `Requirements\n- Fluent in Python\n${heading}\n- AI agents find smart contract bugs`;
      expect(roleText(text).required, heading).not.toContain('smart contract');
      expect(roleText(text).asks, heading).toContain('Python');
    }
  });

  it('reads "What stack we work on" as a stack the work uses, not what the role asks', () => {
    const role = roleText(
      ['Requirements', '- Go', 'What stack we work on:', '- Kotlin, Redis'].join('\n'),
    );
    expect(role.asks).not.toContain('Kotlin');
    expect(role.duties).toContain('Kotlin');
  });

  it('reads "preferable" and "a strong advantage" sentences as nice-to-haves', () => {
    const role = roleText(
      [
        'Requirements',
        '- Backend experience. Go is preferable.',
        '- Fintech experience a strong advantage',
      ].join('\n'),
    );
    expect(role.nice).toContain('Go is preferable');
    expect(role.nice).toContain('Fintech');
    expect(role.asks).toContain('Backend');
    expect(role.asks).not.toMatch(/Fintech|preferable/);
  });
  it('reads "advantageous", "bonus if" and "not a requirement" sentences as nice-to-haves', () => {
    const lines = [
      '- Experience with Chainalysis will be highly advantageous',
      '- Advantageous: native iOS (Swift) background',
      '- Bonus if you have experience with Demandbase',
      '- While not a requirement, German language skills',
    ];
    const role = roleText(['Requirements', '- SQL', ...lines].join('\n'));
    expect(role.asks).toBe('Requirements\n- SQL');
    for (const line of lines) expect(role.nice).toContain(line);
  });

  it('reads only the part of a sentence that asks as a plus as nice-to-have', () => {
    const role = roleText(
      [
        'Requirements',
        '- Strong Python and PyTorch; C++ or Rust exposure is a bonus',
        '- Solid SQL skills, familiarity with Hive is a plus',
        '- MS Office (Excel, Word) and Salesforce (CPQ a plus)',
        '- 3+ years as a Product Manager, ideally in fintech',
        '- Localisation review in Bahasa Indonesia (advantageous)',
      ].join('\n'),
    );
    for (const asked of ['PyTorch', 'SQL skills', 'Excel', 'Salesforce', 'Product Manager'])
      expect(role.asks).toContain(asked);
    for (const welcomed of ['Rust', 'Hive', 'CPQ', 'fintech', 'Bahasa'])
      expect(role.nice).toContain(welcomed);
    expect(role.asks).not.toMatch(/Rust|Hive|CPQ|fintech|Bahasa/);
  });

  it('reads the example a bracket prefers as asked: "one scripting language (Python preferred)"', () => {
    const role = roleText('Requirements\n- One scripting language (Python preferred)');
    expect(role.asks).toContain('(Python)');
    expect(role.nice).toBe('');
  });

  it('reads a nice-to-have heading written as a bullet, or glossed with a long bracket', () => {
    const glossed =
      'Preferred Qualifications (Experience in one or more of the following areas is a plus)';
    for (const heading of ['- Nice-to-Have', glossed]) {
      const role = roleText(['Requirements', '- SQL', heading, '- Pandas, Tableau'].join('\n'));
      expect(role.asks, heading).not.toContain('Pandas');
      expect(role.niceSections, heading).toContain('Pandas');
    }
  });

  it('reads "Desirable", "Not required but nice", "We\u2019d love it if you have" as nice-to-haves', () => {
    for (const heading of [
      'Desirable:',
      'Not required but nice:',
      'We\u2019d love it if you have:',
    ]) {
      const role = roleText(['Requirements', '- SQL', heading, '- Pandas, Tableau'].join('\n'));
      expect(role.asks, heading).not.toContain('Pandas');
      expect(role.niceSections, heading).toContain('Pandas');
    }
  });

  it('reads a line that leads into a list with "..." as a heading', () => {
    const role = roleText(
      [
        'Examplecorp: the platform for builders',
        'Used by teams at Shopify.',
        'As an engineer, you will...',
        '- Run Kubernetes for customers',
        'You may be a good fit if...',
        '- You know Docker',
        'Bonus…',
        '- LangChain',
      ].join('\n'),
    );
    expect(role.duties).toContain('Kubernetes');
    expect(role.asks).toContain('Docker');
    expect(role.nice).toContain('LangChain');
    expect(`${role.required}\n${role.nice}`).not.toContain('Shopify');
  });

  it('ends the role at a legal paragraph a board appends without a heading', () => {
    const role = roleText(
      [
        'Nice to have',
        '- Experience with Terraform',
        'Examplecorp makes Kafka tooling that is subject to U.S. export controls and licensing requirements for people located in some sanctioned countries, so a licence may be needed.',
      ].join('\n'),
    );
    expect(role.nice).toContain('Terraform');
    expect(role.nice).not.toContain('Kafka');
  });
});
