import { cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../src/paths';
import { connectProfileActor } from '../../src/ui/profile/profileActorConnection';
import { ProfileProvider } from '../../src/ui/profile/ProfileProvider';
import { ProfileSummary } from '../../src/ui/profile/ProfileSummary';
import { SessionProvider } from '../../src/ui/session';
import { connectSessionActor } from '../../src/ui/session/actorConnection';
import { fakeProfileBackend, type Held } from '../support/fakeProfileBackend';
import { createFakeSession, registeredUser } from '../support/sessionTestProvider';

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

function renderSummary(stored: Held) {
  const session = createFakeSession(registeredUser);
  const { logic } = fakeProfileBackend({ [registeredUser.uid]: stored });
  render(
    <SessionProvider startSession={() => connectSessionActor(session.logic)}>
      <MemoryRouter>
        <ProfileProvider startProfile={() => connectProfileActor(logic)}>
          <ProfileSummary />
        </ProfileProvider>
      </MemoryRouter>
    </SessionProvider>,
  );
}

describe('the profile summary on the account page', () => {
  it('sums up the saved profile and links to edit it', async () => {
    renderSummary({
      profile: {
        targetRoles: ['Backend engineer', 'SRE'],
        skills: ['Go'],
        where: {
          remoteUs: true,
          remoteWorldwide: false,
          usStates: ['WA'],
          usCities: [{ city: 'Austin', state: 'TX' }],
        },
        seniority: 'senior',
        minSalaryUsd: null,
        needsVisaSponsorship: false,
        updatedAt: '2026-11-22T22:00:00.000Z',
      },
      cv: null,
    });
    await screen.findByText('Backend engineer, SRE');
    expect(screen.getByText('remote in the US; WA; Austin, TX')).toBeTruthy();
    expect(screen.getByText('Not uploaded')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Edit your profile' });
    expect(link.getAttribute('href')).toBe(PATHS.profile);
  });

  it('invites a user without a profile to set one up', async () => {
    renderSummary({ profile: null, cv: null });
    const link = await screen.findByRole('link', { name: 'Set up your job alerts' });
    expect(link.getAttribute('href')).toBe(PATHS.profile);
    expect(screen.getByText('You have not set up your job alerts yet.')).toBeTruthy();
  });
});
