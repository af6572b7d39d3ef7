import { heading, list, paragraph, steps } from '../../content/contentBlocks';
import type { BlogPost } from '../blogPost';

export const tailorYourCvForAts: BlogPost = {
  slug: 'tailor-your-cv-for-ats',
  title: 'How to tailor your CV for ATS keyword matching',
  description:
    'Applicant tracking systems parse your CV before a person does. A practical guide to structure, keywords and formatting that survive parsing and still read well.',
  keywords: ['ATS', 'applicant tracking system', 'CV keywords', 'resume format', 'tech CV'],
  publishedTime: '2024-03-19T09:00:00Z',
  modifiedTime: '2024-07-02T10:15:00Z',
  body: [
    paragraph(
      'Almost every company hiring engineers, data scientists or designers in the US uses an applicant tracking system (ATS) such as Greenhouse, Lever, Ashby or Workday. The ATS turns your CV into structured fields, and recruiters search and filter those fields. If the parser misreads your CV, or the words a recruiter searches for are missing, a strong application can sit unseen.',
    ),
    paragraph(
      'The good news: an ATS-friendly CV is simply a clear CV. You do not need tricks, hidden keywords or a special template.',
    ),
    heading('Structure that parses cleanly'),
    list(
      'Use one column. Tables, text boxes and side bars are often read out of order or dropped.',
      'Use standard section titles: Experience, Skills, Education, Projects. Creative titles confuse parsers.',
      'Put each role on its own lines: job title, company, location (or “Remote”), and dates as month and year.',
      'Send a text-based PDF or a .docx file. A scanned image or a design export without real text cannot be parsed.',
      'Keep contact details in the body of the document, not in the header or footer area.',
    ),
    heading('Keywords: mirror the posting, honestly'),
    paragraph(
      'Recruiters search for the tools and skills the hiring manager asked for. Read the posting and note the exact terms it uses. If it says “TypeScript” and “React”, and you have used them, write “TypeScript” and “React”, not “modern JS frameworks”. If it says “Kubernetes”, do not rely on “container orchestration” alone.',
    ),
    steps(
      'Copy the requirements of the posting into a note and underline the nouns: languages, frameworks, platforms, methods, certifications.',
      'Check each one against your CV. Where you have real experience, use the posting’s wording at least once, ideally inside a bullet that shows the result.',
      'Spell out abbreviations once: “continuous integration (CI)”, “Amazon Web Services (AWS)”. People search for both forms.',
      'Keep a skills section with the exact names of your main tools, grouped by kind. It is the section parsers handle best.',
      'Never list a skill you cannot discuss in an interview. Keyword stuffing gets you past a filter and then fails the first call.',
    ),
    heading('Bullets that work for the ATS and for people'),
    paragraph(
      'The ATS finds you; a person decides. Write each bullet as action, scope and result, and let the keyword appear naturally: “Cut API latency by 40% by moving hot paths from Python to Go and adding Redis caching” carries three searchable terms and a reason to call you.',
    ),
    heading('Tailor fast, not from scratch'),
    paragraph(
      'Rewriting your CV for every application is what makes people apply late. Keep one master CV with every relevant project and bullet, and produce a tailored copy per role by choosing and reordering, not rewriting. With practice it takes ten to fifteen minutes.',
    ),
    paragraph(
      'ApplyFirst helps with the first half of that work: when it alerts you to a new role, it shows which of the posting’s requirements it found in your CV and which it did not, so you know what to bring to the top before you apply.',
    ),
  ],
};
