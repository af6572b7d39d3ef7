import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { JobMatch, MatchReason } from '../../contract';
import { MatchCard } from '../../src/ui/matches/MatchCard';
import { CHECKED_AT, frontendMatch } from '../support/matchFixtures';

afterEach(cleanup);

const reasons: MatchReason[] = [
  {
    kind: 'skills',
    points: 30,
    text: 'It asks for 2 of your skills: React, TypeScript.',
    covered: ['React', 'TypeScript'],
    missing: ['GraphQL'],
  },
  { kind: 'title', points: 0, text: 'The title is none of your target roles.', matchedRole: null },
  {
    kind: 'location',
    points: 10,
    text: 'Remote in the US.',
    fit: 'remote-us',
    locations: [],
  },
  {
    kind: 'seniority',
    points: 5,
    text: 'The title states no level.',
    fit: 'not-stated',
    jobSeniority: 'unknown',
  },
  {
    kind: 'salary',
    points: 5,
    text: 'The posting states no pay.',
    fit: 'not-stated',
    salary: null,
  },
  { kind: 'visa', points: 0, text: 'You need no visa sponsorship.', fit: 'not-needed' },
];

/** The quieter line of what does not fit or is not stated. */
const asideLine = (card: HTMLElement) =>
  [...card.querySelectorAll('p')].find((line) => line.textContent?.startsWith('Worth knowing:'));

function renderCard(match: JobMatch) {
  render(<MatchCard match={match} checkedAt={CHECKED_AT} />);
  return screen.getByRole('article', { name: match.title });
}

describe('a match card', () => {
  it('says why it matches with only what fits, and what does not fit or is not stated apart', () => {
    const card = renderCard({ ...frontendMatch, reasons });
    const why = within(within(card).getByRole('list', { name: 'Why it matches' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(why).toEqual(['It asks for 2 of your skills.', 'Remote in the US.']);
    const apart = asideLine(card);
    expect(apart?.textContent).toBe(
      'Worth knowing: The title is none of your target roles. The title states no level. ' +
        'The posting states no pay.',
    );
    expect(apart?.closest('ul')).toBeNull();
    // Not needing a visa says nothing about the job.
    expect(within(card).queryByText(/visa/)).toBeNull();
  });

  it('puts skills none of which you have, and unknown sponsorship, among what does not fit', () => {
    const card = renderCard({
      ...frontendMatch,
      reasons: [
        { ...reasons[0]!, covered: [], missing: ['Go', 'Rust'], points: 0 } as MatchReason,
        reasons[2]!,
        {
          kind: 'visa',
          points: 0,
          text: 'The posting does not say whether it sponsors visas.',
          fit: 'unknown',
        },
      ],
    });
    const why = within(within(card).getByRole('list', { name: 'Why it matches' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(why).toEqual(['Remote in the US.']);
    expect(asideLine(card)?.textContent).toBe(
      'Worth knowing: You have none of the 2 skills it requires. ' +
        'The posting does not say whether it sponsors visas.',
    );
  });

  it('counts a posting that sponsors visas as a fit, and one that refuses as worth knowing', () => {
    const visa = (fit: 'sponsors' | 'does-not-sponsor', text: string): MatchReason => ({
      kind: 'visa',
      points: 0,
      text,
      fit,
    });
    const sponsors = renderCard({
      ...frontendMatch,
      reasons: [reasons[2]!, visa('sponsors', 'The posting says it sponsors visas.')],
    });
    const why = within(within(sponsors).getByRole('list', { name: 'Why it matches' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(why).toEqual(['Remote in the US.', 'The posting says it sponsors visas.']);
    cleanup();
    const refuses = renderCard({
      ...frontendMatch,
      reasons: [
        reasons[2]!,
        visa('does-not-sponsor', 'The posting says it does not sponsor visas.'),
      ],
    });
    expect(asideLine(refuses)?.textContent).toBe(
      'Worth knowing: The posting says it does not sponsor visas.',
    );
  });

  it('has no "worth knowing" line when everything fits', () => {
    const card = renderCard(frontendMatch);
    expect(asideLine(card)).toBeUndefined();
  });

  it('says a posting made under a minute ago was posted just now', () => {
    const card = renderCard({ ...frontendMatch, postedAt: '2026-11-22T22:03:30.000Z' });
    expect(card.querySelector('time')?.parentElement?.textContent).toBe('Posted just now');
  });
});
