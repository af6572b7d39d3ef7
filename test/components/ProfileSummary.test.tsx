import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertProfile } from '../../contract';
import { PATHS } from '../../src/paths';
import { createActor } from 'xstate';
import { ProfileProvider } from '../../src/ui/profile/ProfileProvider';
import { ProfileSummary } from '../../src/ui/profile/ProfileSummary';
import { SessionProvider, type SessionActor } from '../../src/ui/session';
import { GUEST_ID_TOKEN } from '../support/fakeSessionService';
import { cvOf, fakeProfileBackend, type Held } from '../support/fakeProfileBackend';
import { createFakeSession, guestUser, registeredUser } from '../support/sessionTestProvider';

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

const uid = registeredUser.uid;

/** The summary over the fake backend: `held` by uid (slot 1) or `uid/slot`, and the plan's limit. */
function renderSummary(held: Record<string, Held>, limit = 1) {
  const session = createFakeSession(registeredUser);
  const { logic } = fakeProfileBackend(held, limit);
  render(
    <SessionProvider startSession={() => createActor(session.logic)}>
      <MemoryRouter>
        <ProfileProvider startProfile={() => createActor(logic)}>
          <ProfileSummary />
        </ProfileProvider>
      </MemoryRouter>
    </SessionProvider>,
  );
}

const backendAndSre: AlertProfile = {
  targetRoles: ['Backend engineer', 'SRE'],
  skills: ['Go'],
  where: {
    remoteUs: true,
    remoteWorldwide: false,
    usStates: ['WA'],
    usCities: [{ city: 'Austin', state: 'TX' }],
  },
  seniority: 'senior',
  minSalary: null,
  needsVisaSponsorship: false,
  updatedAt: '2026-11-22T22:00:00.000Z',
};

describe('the profile summary on the account page', () => {
  it('sums up the saved profile and links to edit it', async () => {
    renderSummary({ [uid]: { profile: backendAndSre, cv: null } });
    await screen.findByText('Backend engineer, SRE');
    expect(screen.getByText('remote in the US; WA; Austin, TX')).toBeTruthy();
    expect(screen.getByText('Not uploaded')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Edit your profile' });
    expect(link.getAttribute('href')).toBe(PATHS.profile);
    expect(screen.queryByRole('list', { name: 'Your other alert profiles' })).toBeNull();
  });

  it('links to each other profile, and says which one the plan no longer covers', async () => {
    renderSummary(
      {
        [uid]: { profile: backendAndSre, cv: null },
        [`${uid}/2`]: { profile: null, cv: cvOf(new File(['Go'], 'cv.txt')) },
        [`${uid}/3`]: { profile: { ...backendAndSre, targetRoles: ['Data engineer'] }, cv: null },
      },
      2,
    );
    const others = await screen.findByRole('list', { name: 'Your other alert profiles' });
    const items = within(others).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile 2: CV only',
      'Profile 3: Data engineer (not in your plan)',
    ]);
    expect(
      within(others)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/profile?slot=2', '/profile?slot=3']);
  });

  it('invites a user without a profile to set one up', async () => {
    renderSummary({ [uid]: { profile: null, cv: null } });
    const link = await screen.findByRole('link', { name: 'Set up your job alerts' });
    expect(link.getAttribute('href')).toBe(PATHS.profile);
    expect(screen.getByText('You have not set up your job alerts yet.')).toBeTruthy();
  });

  it('behind the carry-over offer, says the profile waits for that choice, with no "set up" link', async () => {
    const session = createFakeSession(guestUser);
    session.operations.signIn.mockResolvedValueOnce({
      user: registeredUser,
      discardedGuest: { uid: guestUser.uid, idToken: GUEST_ID_TOKEN, work: 'some' },
    });
    const { logic } = fakeProfileBackend({ [uid]: { profile: backendAndSre, cv: null } }, 1);
    let actor: SessionActor | null = null;
    render(
      <SessionProvider startSession={() => (actor = createActor(session.logic))}>
        <MemoryRouter>
          <ProfileProvider startProfile={() => createActor(logic)}>
            <ProfileSummary />
          </ProfileProvider>
        </MemoryRouter>
      </SessionProvider>,
    );
    await screen.findByText('You have not set up your job alerts yet.');
    actor!.send({ type: 'SIGN_IN', email: registeredUser.email ?? '', password: 'hers' });

    await screen.findByText(
      'Your profile shows here once you choose what happens to your guest work.',
    );
    expect(screen.queryByText('Loading your profile…')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Set up your job alerts' })).toBeNull();

    actor!.send({ type: 'CARRY_OVER', mode: 'leave' });
    await screen.findByText('Backend engineer, SRE');
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toBeTruthy();
  });
});
