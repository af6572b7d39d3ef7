import type { JobSource } from '../../server/jobs/jobRecord';
import { companyFromToken } from '../../server/jobs/sources/boardSource';

/** Roles the stand-in invents postings from, in turn. */
const ROLES: readonly {
  title: string;
  stack: string;
  location: string;
  remote: boolean;
  salary: [number, number] | null;
}[] = [
  {
    title: 'Senior Software Engineer, Platform',
    stack: 'Go, PostgreSQL, Kubernetes and AWS',
    location: 'Remote - US',
    remote: true,
    salary: [175_000, 215_000],
  },
  {
    title: 'Frontend Engineer',
    stack: 'React, TypeScript and GraphQL',
    location: 'New York, NY',
    remote: false,
    salary: [140_000, 170_000],
  },
  {
    title: 'Data Engineer',
    stack: 'Python, Apache Airflow, dbt and Snowflake',
    location: 'Remote',
    remote: true,
    salary: null,
  },
  {
    title: 'Staff Backend Engineer',
    stack: 'Java, Spring Boot, Apache Kafka and Redis',
    location: 'Austin, TX',
    remote: false,
    salary: [210_000, 250_000],
  },
  {
    title: 'Machine Learning Engineer',
    stack: 'PyTorch, Python and Google Cloud',
    location: 'London, UK',
    remote: false,
    salary: null,
  },
  {
    title: 'Junior DevOps Engineer',
    stack: 'Docker, Terraform, GitHub Actions and Linux',
    location: 'Seattle, WA',
    remote: false,
    salary: [105_000, 125_000],
  },
];

/** A UUID-shaped id (Lever's and Ashby's kind) holding `serial`; `variant` keeps the sources apart. */
const uuidOf = (serial: number, variant: string) => {
  const hex = serial.toString(16).padStart(16, '0');
  return `00000000-${hex.slice(0, 4)}-4000-${variant}-${hex.slice(4)}`;
};

/**
 * A new posting in the source's own shape: `sequence` picks its role in turn and numbers its
 * title; `serial`, a safe integer no other posting of any run shares, makes its id.
 */
export function generatePosting(
  source: JobSource,
  token: string,
  { sequence, serial }: { readonly sequence: number; readonly serial: number },
  now: Date,
): unknown {
  const role = ROLES[sequence % ROLES.length];
  if (role === undefined) throw new Error('No roles to generate from');
  const title = `${role.title} (#${sequence})`;
  const html = `<p>A new role at ${token}.</p><h3>Stack</h3><ul><li>${role.stack}</li></ul><p>Apply &amp; hear back within a week.</p>`;
  const plain = `A new role at ${token}.\n\nStack\n- ${role.stack}\n\nApply & hear back within a week.`;
  if (source === 'greenhouse') {
    const id = serial;
    return {
      id,
      internal_job_id: id - 1_000_000,
      title,
      company_name: null,
      updated_at: now.toISOString(),
      first_published: now.toISOString(),
      requisition_id: `GEN-${serial}`,
      location: { name: role.location },
      absolute_url: `https://job-boards.greenhouse.io/${token}/jobs/${id}`,
      metadata: null,
      content: html.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;'),
      departments: [{ id: 1, name: 'Engineering', parent_id: null, child_ids: [] }],
      offices: [],
    };
  }
  if (source === 'lever') {
    const id = uuidOf(serial, '8000');
    return {
      id,
      text: title,
      categories: {
        location: role.location,
        allLocations: [role.location],
        commitment: 'Full-time',
        team: 'Engineering',
      },
      country: role.location.endsWith('UK') ? 'GB' : 'US',
      workplaceType: role.remote ? 'remote' : 'on-site',
      createdAt: now.getTime(),
      description: html,
      descriptionPlain: plain,
      lists: [],
      additional: '',
      additionalPlain: '',
      hostedUrl: `https://jobs.lever.co/${token}/${id}`,
      applyUrl: `https://jobs.lever.co/${token}/${id}/apply`,
      ...(role.salary && {
        salaryRange: {
          min: role.salary[0],
          max: role.salary[1],
          currency: 'USD',
          interval: 'per-year-salary',
        },
      }),
    };
  }
  if (source === 'workable') return workablePosting(title, role, serial, html, now);
  if (source === 'smartrecruiters') return smartRecruitersPosting(token, title, role, serial, now);
  if (source === 'recruitee') return recruiteePosting(token, title, role, serial, html, now);
  const id = uuidOf(serial, '9000');
  return {
    id,
    title,
    department: 'Engineering',
    team: 'Platform',
    employmentType: 'FullTime',
    location: role.location,
    secondaryLocations: [],
    publishedAt: now.toISOString(),
    isListed: true,
    isRemote: role.remote,
    workplaceType: role.remote ? 'Remote' : 'OnSite',
    address: {
      postalAddress: {
        addressCountry: role.location.endsWith('UK') ? 'United Kingdom' : 'United States',
      },
    },
    jobUrl: `https://jobs.ashbyhq.com/${token}/${id}`,
    applyUrl: `https://jobs.ashbyhq.com/${token}/${id}/application`,
    descriptionHtml: html,
    descriptionPlain: plain,
    ...(role.salary && {
      compensation: {
        compensationTierSummary: `$${role.salary[0] / 1000}K – $${role.salary[1] / 1000}K`,
        summaryComponents: [
          {
            compensationType: 'Salary',
            interval: '1 YEAR',
            currencyCode: 'USD',
            minValue: role.salary[0],
            maxValue: role.salary[1],
          },
        ],
      },
    }),
  };
}

type Role = (typeof ROLES)[number];

/** "Austin, TX" -> its city, region and country as the APIs split them. */
const placeOf = (role: Role) => {
  const [city = '', region = ''] = role.location.split(', ');
  const remote = role.location.startsWith('Remote');
  if (region === 'UK') return { city, region: 'England', country: 'United Kingdom', code: 'GB' };
  return remote
    ? { city: '', region: '', country: 'United States', code: 'US' }
    : { city, region, country: 'United States', code: 'US' };
};

/** Workable's widget posting: a 10-hex-digit shortcode for an id, dates without times. */
function workablePosting(title: string, role: Role, serial: number, html: string, now: Date) {
  const shortcode = serial.toString(16).toUpperCase().slice(-10).padStart(10, '0');
  const place = placeOf(role);
  const day = now.toISOString().slice(0, 10);
  return {
    title,
    shortcode,
    code: '',
    employment_type: 'Full-time',
    telecommuting: role.remote,
    department: 'Engineering',
    url: `https://apply.workable.com/j/${shortcode}`,
    shortlink: `https://apply.workable.com/j/${shortcode}`,
    application_url: `https://apply.workable.com/j/${shortcode}/apply`,
    published_on: day,
    created_at: day,
    country: place.country,
    city: place.city,
    state: place.region,
    education: '',
    experience: '',
    function: 'Engineering',
    industry: 'Computer Software',
    locations: [
      {
        country: place.country,
        countryCode: place.code,
        city: place.city,
        region: place.region,
        hidden: false,
      },
    ],
    description: html,
  };
}

/** A SmartRecruiters posting whole: its list entry and its details (the stand-in splits them). */
function smartRecruitersPosting(
  token: string,
  title: string,
  role: Role,
  serial: number,
  now: Date,
) {
  const id = String(serial);
  const place = placeOf(role);
  const pageUrl = `https://jobs.smartrecruiters.com/${token}/${id}`;
  return {
    id,
    name: title,
    uuid: uuidOf(serial, 'a000'),
    refNumber: `GEN-${serial}`,
    company: { identifier: token, name: companyFromToken(token) },
    releasedDate: now.toISOString(),
    location: {
      city: place.city,
      region: place.region,
      country: place.code.toLowerCase(),
      remote: role.remote,
      hybrid: false,
      fullLocation: [place.city, place.region, place.country].join(', '),
    },
    typeOfEmployment: { id: 'permanent', label: 'Full-time' },
    experienceLevel: { id: 'mid_senior_level', label: 'Mid-Senior Level' },
    visibility: 'PUBLIC',
    ref: `https://api.smartrecruiters.com/v1/companies/${token}/postings/${id}`,
    postingUrl: pageUrl,
    applyUrl: `${pageUrl}?oga=true`,
    jobAd: {
      sections: {
        companyDescription: {
          title: 'Company Description',
          text: `<p>A new role at ${token}.</p>`,
        },
        jobDescription: {
          title: 'Job Description',
          text: `<h3>Stack</h3><ul><li>${role.stack}</li></ul>`,
        },
        qualifications: { title: 'Qualifications', text: '' },
        additionalInformation: {
          title: 'Additional Information',
          text: '<p>Apply &amp; hear back within a week.</p>',
        },
      },
    },
  };
}

/** A Recruitee offer: salary bounds as strings, times as "YYYY-MM-DD hh:mm:ss UTC". */
function recruiteePosting(
  token: string,
  title: string,
  role: Role,
  serial: number,
  html: string,
  now: Date,
) {
  const place = placeOf(role);
  const slug = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${serial}`;
  const time = `${now.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  return {
    id: serial,
    slug,
    title,
    status: 'published',
    company_name: companyFromToken(token),
    location: role.location,
    city: place.city,
    state_name: place.region,
    country: place.country,
    country_code: place.code,
    locations: [
      {
        city: place.city,
        state: place.region,
        country: place.country,
        country_code: place.code,
      },
    ],
    remote: role.remote,
    hybrid: false,
    on_site: !role.remote,
    salary: role.salary
      ? {
          min: String(role.salary[0]),
          max: String(role.salary[1]),
          period: 'year',
          currency: 'USD',
        }
      : { min: null, max: null, period: null, currency: null },
    experience_code: 'mid_level',
    employment_type_code: 'fulltime_permanent',
    description: html,
    requirements: '',
    careers_url: `https://${token}.recruitee.com/o/${slug}`,
    careers_apply_url: `https://${token}.recruitee.com/o/${slug}/c/new`,
    published_at: time,
    created_at: time,
  };
}
