import { describe, expect, it } from 'vitest';
import type { AlertMatch } from '../../contract';
import { realtimeAlertMail } from '../../server/alerts/alertEmailContent';
import { frontendAlert } from '../support/matchFixtures';

const LINKS = {
  matchesUrl: 'https://app.example.com/matches',
  unsubscribeUrl: 'https://app.example.com/unsubscribe?t=x',
};

/** An alert whose posting states no level and no pay: two reasons that are not fits. */
const alert: AlertMatch = {
  ...frontendAlert,
  reasons: [
    ...frontendAlert.reasons,
    {
      kind: 'seniority',
      points: 0,
      text: 'The title states no level.',
      fit: 'not-stated',
      jobSeniority: 'unknown',
    },
    {
      kind: 'salary',
      points: 0,
      text: 'The posting states no pay.',
      fit: 'not-stated',
      salary: null,
    },
  ],
};

describe('an alert e-mail', () => {
  const mail = realtimeAlertMail('seeker@example.com', alert, LINKS);

  it('lists under "Why it fits" only what fits, naming the skills the seeker has', () => {
    const why = mail.text
      .split('Why it fits:\n')[1]
      ?.split('\n')
      .filter((line) => line.startsWith('- '));
    expect(why).toEqual([
      '- It asks for 3 of your skills: TypeScript, React, CSS.',
      '- The title matches “Frontend engineer”.',
      '- Remote in the US, as you want.',
    ]);
  });

  it('names the missing skills once, and what does not fit or is not stated on a line apart', () => {
    expect(mail.text.match(/GraphQL/g)).toHaveLength(1);
    expect(mail.text).toContain('Missing: GraphQL\n');
    expect(mail.text).toContain(
      'Worth knowing: The title states no level. The posting states no pay.',
    );
    expect(mail.html).toContain('<li>It asks for 3 of your skills: TypeScript, React, CSS.</li>');
    expect(mail.html).not.toContain('<li>The title states no level.</li>');
    expect(mail.html).toContain(
      '<p>Worth knowing: The title states no level. The posting states no pay.</p>',
    );
  });
});
