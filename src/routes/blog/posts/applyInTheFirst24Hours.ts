import { heading, list, paragraph, steps } from '../../content/contentBlocks';
import type { BlogPost } from '../blogPost';

export const applyInTheFirst24Hours: BlogPost = {
  slug: 'apply-in-the-first-24-hours',
  title: 'Why applying in the first 24 hours matters',
  description:
    'Early applications get read while a recruiter is still looking. Here is why timing changes your odds in tech hiring, and how to be early without burning out.',
  keywords: [
    'job application timing',
    'apply early',
    'tech jobs',
    'recruiter screening',
    'job alerts',
  ],
  publishedTime: '2024-02-06T09:00:00Z',
  modifiedTime: '2024-06-11T08:30:00Z',
  body: [
    paragraph(
      'Most advice about job hunting is about what to send: a sharper CV, a better cover letter, a stronger portfolio. All of that matters. But in tech hiring there is a second lever that gets far less attention, and it costs nothing: when you send it.',
    ),
    heading('How a posting actually gets screened'),
    paragraph(
      'When a company opens a role, applications start arriving within minutes. A recruiter or hiring manager usually begins screening as soon as the first batch is in, because they are measured on how fast they fill the role. They read, shortlist and book first calls while the posting is still fresh.',
    ),
    paragraph(
      'A popular remote engineering role can collect hundreds of applications in a few days. Nobody reads every one with the same attention. Once a shortlist of strong candidates exists, later applications are often skimmed, parked for “if the first round fails”, or never opened at all. Some postings are closed early simply because the pipeline is already full.',
    ),
    paragraph(
      'None of this means late applications never work. It means the same CV has a better chance on day one than on day ten, because on day one it competes with a handful of others rather than with a shortlist that has already been chosen.',
    ),
    heading('What “early” looks like in practice'),
    list(
      'Within a few hours of posting: you are in the first batch the recruiter reads, often before they have calibrated what a “good” applicant looks like.',
      'Within 24 hours: you are still in the active pile, and the role is still open in every job board and ATS.',
      'After three to five days: you are competing with a shortlist. You can still win, but you need a referral or an unusually close fit.',
    ),
    heading('Being early without living on job boards'),
    paragraph(
      'The obvious way to apply early is to refresh job boards all day. It works for about a week, and then it eats your evenings, your focus and your current job. A better system does the watching for you and only interrupts you when something is worth your time.',
    ),
    steps(
      'Decide what a good match is before you search: the titles you want, your core skills, your salary floor, on-site, hybrid or remote, and the US states or time zones you can work in.',
      'Set up alerts that fire as soon as a matching role is published, not a daily digest. A digest that arrives the next morning has already cost you most of day one.',
      'Keep a ready-to-send version of your CV and a short, adaptable cover note, so applying takes fifteen minutes rather than an evening.',
      'Block two short windows a day to act on alerts. Speed matters, but so does sending a careful application.',
      'Track what you sent and when. If a role you applied to early goes quiet, a polite follow-up after a week is reasonable.',
    ),
    heading('Quality still wins: early is a multiplier'),
    paragraph(
      'Applying first does not rescue an application that does not fit the role. What it does is make sure a good fit is actually seen. Think of timing as a multiplier on the quality of your application: a strong match sent early is read carefully; the same match sent late may not be read at all.',
    ),
    paragraph(
      'That is the idea behind ApplyFirst. It matches your CV against new US and remote tech jobs the moment they are posted and alerts you in real time, with the reasons it thinks you fit. You decide whether to apply, and when you do, you are among the first.',
    ),
  ],
};
