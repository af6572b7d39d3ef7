import { describe, expect, it } from 'vitest';
import { repairMojibake } from '../../../server/jobs/normalise/mojibake';
import { seniorityFromTitle } from '../../../server/jobs/normalise/seniority';
import { parseAshbyBoard } from '../../../server/jobs/sources/ashby';
import { DropTally } from '../../../server/jobs/sources/boardResult';
import { parseLeverPage } from '../../../server/jobs/sources/lever';
import { FICTIONAL_SEEN_AT as seenAt, readPosting as record } from '../../support/postingDraft';

/** Fictional postings shaped like real ones: level, years asked and pay. */
describe('text saved in the wrong encoding', () => {
  it('reads UTF-8 shown as Windows-1252 as the characters meant, and leaves good text alone', () => {
    expect(repairMojibake('Weâ€™re hiring: 1â€“4 years, cafÃ© â€” Â£50,000')).toBe(
      'We’re hiring: 1–4 years, café — £50,000',
    );
    expect(repairMojibake('Café – naïve “quotes” £40 Ångström')).toBe(
      'Café – naïve “quotes” £40 Ångström',
    );
  });

  it('reads years and pay through it', () => {
    expect(
      record({ description: 'Weâ€™re looking for 1â€“4 years of professional experience.' })
        .minYears,
    ).toBe(1);
    expect(record({ description: 'London range:\nÂ£61,100—Â£75,200 GBP' }).pay).toEqual({
      currency: 'GBP',
      min: 61100,
      max: 75200,
      period: 'year',
    });
  });
});

describe('years asked', () => {
  it('reads years spent at a kind of company', () => {
    expect(record({ description: '- 1-5 years at a fast-growing startup' }).minYears).toBe(1);
    expect(record({ description: '3 or more years of experience in sales' }).minYears).toBe(3);
    expect(record({ description: 'Five or more years of professional experience' }).minYears).toBe(
      5,
    );
  });

  it('asks no years named only under a nice-to-have heading, though they still say the level', () => {
    const description = [
      'Requirements',
      '- Operate a guillotine cutter safely',
      'Nice to Haves',
      '- 4+ years of experience operating production machines',
    ].join('\n');
    const job = record({ title: 'Machine Operator', description });
    expect(job.minYears).toBeNull();
    expect(job.seniority).toBe('mid');
    const plus = 'Requirements\n- 2+ years of experience in finance; SQL is a plus';
    expect(record({ description: plus }).minYears).toBe(2);
  });

  it('asks years a nice-to-have line states as the least, months or a range from months', () => {
    const preferred = (line: string) =>
      record({ description: `What you will do\n- Prospect\nPreferred qualifications\n- ${line}` })
        .minYears;
    expect(preferred('Minimum 6mos of professional working experience')).toBe(0.5);
    expect(preferred('Minimum 6mos-1 year of professional working experience')).toBe(0.5);
    expect(preferred('At least 3 years of experience in sales')).toBe(3);
    expect(preferred('3+ years of experience in sales')).toBeNull();
  });

  it('reads the years past a bracket among the words: "(UX and UI)", "(or equivalent)"', () => {
    const design = '- 6+ years of end-to-end (UX and UI) product design experience';
    expect(record({ description: design }).minYears).toBe(6);
    const sales = '- 5+ years (or equivalent) of SaaS sales experience';
    expect(record({ description: sales }).minYears).toBe(5);
  });

  it('reads a range in words, "up to" or from 0 as none asked, and years in French', () => {
    expect(record({ description: '- One to two years in retail merchandising' }).minYears).toBe(1);
    const upTo = 'For graduates with up to two years of experience.';
    expect(record({ description: upTo }).minYears).toBe(0);
    expect(record({ description: upTo }).seniority).toBe('junior');
    for (const zeroTo of ['- 0-2 years of experience in software', 'Experience: 0 to 2 years']) {
      expect(record({ description: zeroTo }).minYears, zeroTo).toBe(0);
      expect(record({ description: zeroTo }).seniority, zeroTo).toBe('junior');
    }
    expect(record({ description: '- 5 years+ of experience with Java' }).minYears).toBe(5);
    expect(record({ description: "- 3 ans d'expérience minimum en paie" }).minYears).toBe(3);
    expect(record({ description: "Minimum deux (02) années d'expérience" }).minYears).toBe(2);
    expect(record({ description: "Au moins deux ans d'expérience en animation" }).minYears).toBe(2);
  });
});

describe('level', () => {
  it('lets the years asked decide a numbered level, which companies number differently', () => {
    const title = 'Mobile Engineer III';
    expect(record({ title }).seniority).toBe('senior');
    expect(record({ title, description: '3-5 years of experience with Android' }).seniority).toBe(
      'mid',
    );
    for (const [title, level] of [
      ['Software Developer 3', 'senior'],
      ['Snr Data Engineer', 'senior'],
      ['Software Engineer (E6)', 'staff'],
    ] as const)
      expect(record({ title }).seniority, title).toBe(level);
  });

  it('reads "Manager, <function>" and "<function>, Senior Manager" as "<function> Manager"', () => {
    expect(seniorityFromTitle('Manager, Regional Partnerships')).toBe('unknown');
    expect(seniorityFromTitle('Executive Communications, Senior Manager')).toBe('senior');
    expect(seniorityFromTitle('Manager, Software Engineering')).toBe('lead');
    expect(seniorityFromTitle('Senior Manager, Data Science')).toBe('lead');
    expect(seniorityFromTitle('Manager')).toBe('lead');
    expect(
      record({ title: 'Manager, Regional Partnerships', description: '7+ years in sales' })
        .seniority,
    ).toBe('senior');
  });

  it('reads an ABM manager, regional or global, as managing a marketing programme', () => {
    expect(seniorityFromTitle('ABM Manager, Public Sector')).toBe('unknown');
    expect(seniorityFromTitle('ABM Regional Manager, AMER')).toBe('unknown');
    expect(seniorityFromTitle('Partnerships Global Manager')).toBe('unknown');
    expect(seniorityFromTitle('Regional Manager')).toBe('lead');
  });

  it('reads a Group Product Manager and a Technical Lead Manager as managing people', () => {
    expect(seniorityFromTitle('Group Product Manager, Payments')).toBe('lead');
    expect(seniorityFromTitle('Technical Lead Manager, Search')).toBe('lead');
    expect(seniorityFromTitle('Senior Product Manager')).toBe('senior');
    expect(seniorityFromTitle('Technical Program Manager')).toBe('unknown');
  });

  it('reads a controller as heading accounting, not a credit controller or a device', () => {
    const lead = ['Controller, Payroll Products', 'Bank Controller', 'Financial Controller, EMEA'];
    for (const title of lead) expect(seniorityFromTitle(title), title).toBe('lead');
    const notLead = [
      'Assistant Controller',
      'Credit Controller',
      'Project Controller',
      'Motor Controller Engineer',
      'Controller Firmware Engineer',
    ];
    for (const title of notLead) expect(seniorityFromTitle(title), title).toBe('unknown');
  });

  it('reads a fellows programme, a fellowship or a residency as an internship, a Fellow as a rank', () => {
    expect(seniorityFromTitle('Acme Fellows Program')).toBe('intern');
    expect(seniorityFromTitle('AI Residency Program')).toBe('intern');
    expect(seniorityFromTitle('Research Fellowship, Summer')).toBe('intern');
    expect(seniorityFromTitle('Distinguished Fellow')).toBe('principal');
  });

  it('reads a Mid-Market seller by the years asked, the market being the customers\u2019', () => {
    const title = 'Client Account Executive, Mid-Market Sales';
    const description = '- 5+ years of experience in digital media sales.';
    expect(record({ title, description }).seniority).toBe('senior');
    expect(seniorityFromTitle('Account Executive, Mid Market')).toBe('unknown');
  });

  it('reads an early-career title as junior', () => {
    expect(seniorityFromTitle('Software Engineer, Early Career')).toBe('junior');
    expect(seniorityFromTitle('Early-Career Data Analyst')).toBe('junior');
  });

  it('reads an Associate Manager as an individual contributor levelled by the years asked', () => {
    expect(seniorityFromTitle('Associate Manager, Brand Content')).toBe('unknown');
    expect(
      record({
        title: 'Associate Manager, Brand Content',
        description: '3-5 years of experience in social media',
      }).seniority,
    ).toBe('mid');
  });
});

describe("level of a company's own ladder", () => {
  it('lets the years asked decide an "Associate" grade, as a numbered one', () => {
    expect(seniorityFromTitle('Associate Counsel, Privacy')).toBe('junior');
    const asked = '3+ years of experience as a practising lawyer';
    expect(record({ title: 'Associate Counsel, Privacy', description: asked }).seniority).toBe(
      'mid',
    );
    expect(record({ title: 'Billing Associate II', description: asked }).seniority).toBe('mid');
    const nineYears = '9+ years of experience in internal audit';
    expect(
      record({ title: 'Associate Principal, SOX Analytics', description: nineYears }).seniority,
    ).toBe('senior');
  });

  it('reads two levels in a title as the lower one', () => {
    const description = '2 to 4 years of experience in operations';
    expect(record({ title: 'Associate/Sr Associate - Payroll', description }).seniority).toBe(
      'mid',
    );
    expect(seniorityFromTitle('Junior / Senior Data Analyst')).toBe('junior');
  });

  it('reads the level the text names the role with when the title names none', () => {
    const description =
      'We are seeking a bold Account Executive. We are seeking a Senior Account Executive to grow the territory.';
    expect(record({ title: 'Account Executive', description }).seniority).toBe('senior');
    expect(
      record({
        title: 'Backend Engineer',
        description: 'As an intermediate engineer, you will ship.',
      }).seniority,
    ).toBe('mid');
    const staff =
      'We are seeking a Staff Accountant to support the close. A minimum of 2-3 years of accounting experience.';
    expect(record({ title: 'Accountant', description: staff }).seniority).toBe('mid');
    const repeated = 'As an Associate Manager you will plan. 3+ years in content.';
    expect(record({ title: 'Associate Manager, Content', description: repeated }).seniority).toBe(
      'mid',
    );
  });

  it('reads a team lead as leading people, a tech lead as a senior engineer', () => {
    expect(seniorityFromTitle('Compliance Team Lead')).toBe('lead');
    expect(seniorityFromTitle('Tech Lead, Payments')).toBe('senior');
    const threeYears = '3+ years of experience in analytics';
    expect(record({ title: 'Tech Lead, Payments', description: threeYears }).seniority).toBe(
      'senior',
    );
  });

  it('reads a "Leader" title as leading people, unless the text says the role manages no one', () => {
    expect(seniorityFromTitle('Account Executive Leader - Fraud')).toBe('lead');
    const alone = 'This is a high-visibility individual contributor role.';
    expect(record({ title: 'Account Executive Leader', description: alone }).seniority).toBe(
      'senior',
    );
  });

  it('lets the years asked place a "Lead" title, a rung of the company\u2019s own ladder', () => {
    const threeYears = '3+ years of experience in analytics';
    expect(
      record({ title: 'Analytics Lead, Marketplace', description: threeYears }).seniority,
    ).toBe('mid');
    const sevenYears = '7+ years of experience in compliance';
    expect(record({ title: 'Compliance Lead', description: sevenYears }).seniority).toBe('senior');
    expect(record({ title: 'Analytics Lead, Marketplace' }).seniority).toBe('senior');
  });

  it('reads an "Experienced" employment type as past entry level', () => {
    expect(record({ level: 'Full-Time: Experienced' }).seniority).toBe('mid');
    expect(record({ level: 'Full-Time: Entry Level' }).seniority).toBe('junior');
  });

  it('reads the level field "Mid-Senior level" (Workable, SmartRecruiters) as its lower end', () => {
    expect(record({ level: 'Mid-Senior level' }).seniority).toBe('mid');
  });
});

describe('pay in the text', () => {
  it.each([
    ['Salary: 50.000 € - 65.000 € gross per year', 'EUR', 50000, 65000, 'year'],
    ['Range: 45 000 - 55 000 EUR', 'EUR', 45000, 55000, 'year'],
    ['CTC: ₹12 - 18 LPA', 'INR', 1200000, 1800000, 'year'],
    ['Compensation: 8 to 10 lakhs per annum', 'INR', 800000, 1000000, 'year'],
    ['Monthly stipend: $5,000 - $6,000', 'USD', 5000, 6000, 'month'],
    ['Salary NZ$90,000 - NZ$110,000', 'NZD', 90000, 110000, 'year'],
    ['Base pay: SEK 40 000 - 50 000 per month', 'SEK', 40000, 50000, 'month'],
    ['Salary: R$8.000 - R$12.000 per month', 'BRL', 8000, 12000, 'month'],
    ['The stipend is $3,850 per week.', 'USD', 3850, 3850, 'week'],
    ['Day rate: $600 - $750', 'USD', 600, 750, 'day'],
    ['Base salary: $51,000. Bonus on top.', 'USD', 51000, 51000, 'year'],
    ['The estimated base salary is $185,000.', 'USD', 185000, 185000, 'year'],
    ['The annual base salary for this role is $185,000.', 'USD', 185000, 185000, 'year'],
    // A yearly salary paid for part of a year: "pro rata" names it pay.
    ['\u{1F4CD}London | \u{1F4B0} £42,500 pro rata | Technology', 'GBP', 42500, 42500, 'year'],
    // A code written on to the figure; złoty's sign before its code, and pay "gross per month".
    ['Base salary range of 229,900PLN - 253,413PLN', 'PLN', 229900, 253413, 'year'],
    ['Base salary: 26,417 - 29,583 zł PLN gross per month', 'PLN', 26417, 29583, 'month'],
    ['The base salary will begin at $65,000 and up to $90,000.', 'USD', 65000, 90000, 'year'],
    ['It will begin at $160,000.00 and go up to $221,000.00.', 'USD', 160000, 221000, 'year'],
    // Figures without thousands separators, read whole.
    ['USA base pay range per year: $180000 - $230000', 'USD', 180000, 230000, 'year'],
    // The base, not the on-target earnings stated before it.
    [
      'For this role, the On-Target Earnings (OTE) range is €103,000 - €115,000. The total OTE includes a base salary range of €56,000 - €63,000 and incentive pay.',
      'EUR',
      56000,
      63000,
      'year',
    ],
    // The pay, not the size of the deals the role closes.
    [
      'Typical sales will be $5k to $20k, in deal sizes of $50K-$80K.\nAnnual OTE Salary\n$106,050\u2014$121,200 USD',
      'USD',
      106050,
      121200,
      'year',
    ],
  ] as const)('%s', (description, currency, min, max, period) => {
    expect(record({ description }).pay).toEqual({ currency, min, max, period });
  });

  it('reads the first range in the text when several currencies come in any order', () => {
    const description = 'Germany: 60.000 € - 80.000 €. United Kingdom: £50,000 - £70,000.';
    expect(record({ description }).pay).toMatchObject({ currency: 'EUR', min: 60000 });
  });

  it('reads no pay from counts, dates or funding', () => {
    for (const description of [
      'Over 2,000 - 3,000 customers in 12 - 18 countries',
      'Founded 2015 - 2020; raised 10 - 20 million EUR in grants.',
      'A team of 8 to 10 lakhs of users',
      "We'll pay a $10,000 relocation bonus; a learning stipend of $2,000.",
    ])
      expect(record({ description }).pay).toBeNull();
  });
});

describe('the APIs’ own level and pay text fields', () => {
  const lever = (changes: Record<string, unknown>) =>
    parseLeverPage(
      [
        {
          id: 'l2',
          text: 'Software Engineer',
          hostedUrl: 'https://jobs.lever.co/fictional/l2',
          descriptionPlain: 'Build things.',
          ...changes,
        },
      ],
      { source: 'lever', token: 'fictional' },
      seenAt,
      new DropTally(),
    )?.[0];

  it('reads an internship from Lever’s commitment and Ashby’s employment type', () => {
    expect(lever({ categories: { commitment: 'Intern' } })?.seniority).toBe('intern');
    expect(lever({ categories: { commitment: 'Full Time' } })?.seniority).toBe('unknown');
    const job = {
      id: 'a2',
      title: 'Software Engineer',
      jobUrl: 'https://jobs.ashbyhq.com/fictional/a2',
      descriptionPlain: 'Build things.',
      employmentType: 'Intern',
    };
    const parsed = parseAshbyBoard(
      { jobs: [job] },
      { source: 'ashby', token: 'fictional' },
      seenAt,
    );
    expect(parsed.ok && parsed.jobs[0]?.seniority).toBe('intern');
  });

  it('reads pay from Lever’s salary description when it gives no salaryRange', () => {
    expect(
      lever({ salaryDescription: '<p>The salary range for this role is $95,000 - $110,000.</p>' })
        ?.pay,
    ).toEqual({ currency: 'USD', min: 95000, max: 110000, period: 'year' });
  });
});
