import { describe, expect, it } from 'vitest';
import { parseAshbyBoard } from '../../../server/jobs/sources/ashby';
import { parseGreenhouseBoard } from '../../../server/jobs/sources/greenhouse';
import { parseLeverPage } from '../../../server/jobs/sources/lever';
import { DropTally } from '../../../server/jobs/sources/boardResult';
import { FICTIONAL_BOARD as board, FICTIONAL_SEEN_AT as seenAt } from '../../support/postingDraft';

/** Fictional answers shaped like the APIs' real ones: the pay their structured fields state. */
const USD_120K_TO_150K = { currency: 'USD', min: 120000, max: 150000, period: 'year' };

/** A fictional Greenhouse job with these pay fields. */
const greenhouseJob = (fields: object) => ({
  id: 1,
  title: 'Analyst',
  absolute_url: 'https://job-boards.greenhouse.io/fictional/jobs/1',
  content: '&lt;p&gt;Analyse things.&lt;/p&gt;',
  ...fields,
});

/** Greenhouse metadata holding one currency_range field. */
const currencyRangeField = (name: string, min_value: string, max_value: string) => ({
  metadata: [{ name, value_type: 'currency_range', value: { unit: 'USD', min_value, max_value } }],
});

/** The pay a one-job Greenhouse answer is read as. */
const greenhousePayOf = (job: unknown) => {
  const parsed = parseGreenhouseBoard({ jobs: [job] }, board, seenAt);
  return parsed.ok ? parsed.jobs[0]?.pay : undefined;
};

describe('pay from the APIs’ structured fields', () => {
  const salary = (min: number, max: number, currencyCode: string) => ({
    compensationType: 'Salary',
    interval: '1 YEAR',
    currencyCode,
    minValue: min,
    maxValue: max,
  });

  const ashbyPay = (
    summary: readonly ReturnType<typeof salary>[],
    tiers: readonly (readonly [string, ReturnType<typeof salary>])[],
  ) => {
    const job = {
      id: 'a1',
      title: 'Analyst',
      jobUrl: 'https://jobs.ashbyhq.com/fictional/a1',
      descriptionPlain: 'Analyse things.',
      compensation: {
        summaryComponents: summary,
        compensationTiers: tiers.map(([title, component]) => ({ title, components: [component] })),
      },
    };
    const parsed = parseAshbyBoard(
      { jobs: [job] },
      { source: 'ashby', token: 'fictional' },
      seenAt,
    );
    return parsed.ok ? parsed.jobs[0]?.pay : undefined;
  };

  it('takes the first Ashby tier titled for the US, not the summary across tiers', () => {
    expect(
      ashbyPay(
        [salary(90000, 150000, 'USD')],
        [
          ['UK', salary(70000, 90000, 'GBP')],
          ['US - Tier 1', salary(120000, 150000, 'USD')],
          ['US - Tier 2', salary(90000, 130000, 'USD')],
        ],
      ),
    ).toEqual({ currency: 'USD', min: 120000, max: 150000, period: 'year' });
  });

  it('takes the USD tier among countries, and the summary over one currency’s zones', () => {
    expect(
      ashbyPay(
        [],
        [
          ['London', salary(70000, 90000, 'GBP')],
          ['New York', salary(120000, 150000, 'USD')],
        ],
      ),
    ).toMatchObject({ currency: 'USD', min: 120000 });
    expect(
      ashbyPay(
        [salary(90000, 150000, 'USD')],
        [
          ['SF/NY', salary(110000, 150000, 'USD')],
          ['Nationwide', salary(90000, 130000, 'USD')],
        ],
      ),
    ).toMatchObject({ currency: 'USD', min: 90000, max: 150000 });
  });

  it('reads a Greenhouse currency_range custom field', () => {
    const job = greenhouseJob(currencyRangeField('Pay Range', '120000.0', '150000.0'));
    expect(greenhousePayOf(job)).toEqual(USD_120K_TO_150K);
  });

  it('reads Greenhouse pay_input_ranges, the US one first', () => {
    const job = greenhouseJob({
      pay_input_ranges: [
        { title: 'Canada', min_cents: 9000000, max_cents: 11000000, currency_type: 'CAD' },
        { title: 'US Zone 1', min_cents: 12000000, max_cents: 15000000, currency_type: 'USD' },
      ],
    });
    expect(greenhousePayOf(job)).toEqual(USD_120K_TO_150K);
  });

  it('reads Greenhouse pay fields too small for a year as pay by the hour', () => {
    const inputRange = (min: number, max: number) =>
      greenhouseJob({
        pay_input_ranges: [{ title: 'US', min_cents: min, max_cents: max, currency_type: 'USD' }],
      });
    const hourly = { currency: 'USD', min: 30, max: 45, period: 'hour' };
    expect(greenhousePayOf(inputRange(3000, 4500))).toEqual(hourly);
    expect(greenhousePayOf(inputRange(6000000, 8000000))?.period).toBe('year');
    expect(greenhousePayOf(greenhouseJob(currencyRangeField('Pay', '30.0', '45.0')))).toEqual(
      hourly,
    );
    const minMax = [
      { name: 'Min pay', value: '30' },
      { name: 'Max pay', value: '45' },
    ];
    expect(greenhousePayOf(greenhouseJob({ metadata: minMax }))).toEqual(hourly);
  });

  it('takes a pay field holding a placeholder under one unit as no pay', () => {
    const placeholder = (min: string, max: string) =>
      greenhouseJob(currencyRangeField('Job Post Range (United States)', min, max));
    expect(greenhousePayOf(placeholder('0.01', '0.01'))).toBeNull();
    expect(greenhousePayOf(placeholder('0.0', '0.5'))).toBeNull();
    expect(greenhousePayOf(placeholder('18.5', '22'))?.period).toBe('hour');
  });

  it('reads Lever’s HTML, which can hold text its plain copy lacks', () => {
    const posting = {
      id: 'l1',
      text: 'Student Worker',
      hostedUrl: 'https://jobs.lever.co/fictional/l1',
      descriptionPlain: 'Work on real projects.',
      description: '<div>Work on real projects.</div>',
      additionalPlain: 'About us\nWe build things.',
      additional:
        '<div>Compensation for this role is $30/hour.</div><div><b>About us</b></div><div>We build things.</div>',
    };
    const jobs = parseLeverPage(
      [posting],
      { source: 'lever', token: 'fictional' },
      seenAt,
      new DropTally(),
    );
    expect(jobs?.[0]?.pay).toEqual({ currency: 'USD', min: 30, max: 30, period: 'hour' });
  });
});
