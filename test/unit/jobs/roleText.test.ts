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

  it('still reads "About the Role" and "About You" as the role', () => {
    const { required } = roleText(
      ['About the Role', 'You will build React apps.', 'About You', '- 3+ years of Go'].join('\n'),
    );
    expect(required).toContain('React');
    expect(required).toContain('Go');
  });
});
