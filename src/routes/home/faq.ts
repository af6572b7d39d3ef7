export interface Question {
  question: string;
  answer: string;
}

export const FAQ: readonly Question[] = [
  {
    question: 'Which jobs does ApplyFirst cover?',
    answer:
      'Software engineering, data, machine learning, DevOps and cloud, security, product and design roles based in the United States, and remote roles open to people living in the US.',
  },
  {
    question: 'How fast are alerts?',
    answer:
      'On Pro, you are usually alerted within minutes of a job being published on a company career page or applicant tracking system. Free sends one digest a day.',
  },
  {
    question: 'Does ApplyFirst apply for me?',
    answer:
      'No. We find and explain the matches; you decide where to apply and send your own application. Employers never receive your CV from us.',
  },
  {
    question: 'Can I cancel?',
    answer:
      'Yes, at any time from your account page. Your first Pro payment is covered by a 14-day money-back guarantee.',
  },
];
