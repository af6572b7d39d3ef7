import { heading, list, paragraph, steps } from '../../content/contentBlocks';
import type { BlogPost } from '../blogPost';

export const remoteTechJobsInTheUs: BlogPost = {
  slug: 'remote-tech-jobs-in-the-us',
  title: 'Finding remote tech jobs open to US candidates',
  description:
    'Not every “remote” job is open to you. How to read location limits, time zones and tax setups in US remote postings, and where to focus your search.',
  keywords: ['remote jobs', 'US remote', 'remote software engineer', 'time zones', 'job search'],
  publishedTime: '2024-05-14T09:00:00Z',
  modifiedTime: '2024-08-20T09:45:00Z',
  body: [
    paragraph(
      'Remote roles are some of the most competitive postings in tech, because a single opening can attract applicants from the whole country and beyond. The first step to competing well is to spend your time only on the remote jobs you can actually take.',
    ),
    heading('Read the fine print on “remote”'),
    paragraph(
      'A posting labelled remote can mean very different things. Before you invest in an application, look for these details, usually near the bottom of the description or in the location field:',
    ),
    list(
      'Remote (US): you must live and be allowed to work in the United States. Some companies also list states where they cannot employ people, usually for payroll or tax reasons.',
      'Remote within time zones: for example “US Eastern or Central time zones” or “at least four hours of overlap with 9 to 5 Pacific”.',
      'Remote, with travel: quarterly on-sites or team weeks. Check how often and who pays.',
      'Remote, but hybrid later: some roles expect you to move near an office within a year. If the posting names a city, ask.',
      'Global remote: open to several countries, often through an employer of record. Pay bands may differ by location.',
    ),
    heading('Work authorization and contracts'),
    paragraph(
      'Most US remote roles are W-2 employment and require US work authorization; a few are 1099 contracts. If you need visa sponsorship, filter for postings that say so explicitly, because many remote roles cannot sponsor. Saying clearly in your application that you are authorized to work in the US for any employer removes a common reason for a quick rejection.',
    ),
    heading('Where to focus'),
    steps(
      'Pick two or three role titles you are clearly qualified for. Remote postings attract volume, so a close match beats a stretch.',
      'Prefer companies that are remote-first: their processes, documentation and promotion paths are built for people who are not in an office.',
      'Watch company career pages and ATS job boards, not only aggregators. New roles appear there first and reach aggregators hours or days later.',
      'Apply early. Remote postings fill their shortlist fastest because the applicant pool is largest.',
      'Show remote habits in your CV: written design documents, async code review, on-call across time zones, open-source collaboration.',
    ),
    heading('Signals of a healthy remote team'),
    list(
      'The posting names the time zones the team works in and how meetings are scheduled.',
      'Salary ranges are published, and it is clear whether they vary by location.',
      'The interview process is described, including any take-home task and how long it should take.',
      'The company explains how it equips remote staff: hardware, a home-office budget, co-working.',
    ),
    paragraph(
      'ApplyFirst filters new postings by the location rules you set: US-only, specific states, time-zone overlap or fully global. It reads them from the posting itself, so you are alerted to remote roles you can actually take, as soon as they go live.',
    ),
  ],
};
