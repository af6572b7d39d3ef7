import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PATHS } from '../../src/paths';
import { createActor } from 'xstate';
import { ProfileProvider } from '../../src/ui/profile/ProfileProvider';
import { ProfilePage } from '../../src/ui/profile/ProfilePage';
import { SessionProvider } from '../../src/ui/session';
import { personAtKeyboard, type Person } from '../components/person';
import { fakeProfileBackend, type Held } from './fakeProfileBackend';
import { createFakeSession, guestUser } from './sessionTestProvider';
import { WithSlot } from './withSlot';

/** The page over the fake backend: `held` by uid (slot 1) or `uid/slot`, and the plan's limit. */
export function fakeBackend(held: Record<string, Held> = {}, limit = 1) {
  const backend = fakeProfileBackend(held, limit);
  return { ...backend, start: () => createActor(backend.logic) };
}

export function renderProfilePage(
  backend = fakeBackend(),
  user = guestUser,
  path: string = PATHS.profile,
) {
  const session = createFakeSession(user);
  render(
    <SessionProvider startSession={() => createActor(session.logic)}>
      <MemoryRouter initialEntries={[path]}>
        <WithSlot>
          {(slot) => (
            <ProfileProvider slot={slot} startProfile={backend.start}>
              <ProfilePage slot={slot} />
            </ProfileProvider>
          )}
        </WithSlot>
      </MemoryRouter>
    </SessionProvider>,
  );
  return { backend, person: personAtKeyboard() };
}

export const field = (name: string) =>
  screen.findByLabelText<HTMLInputElement>(name, { exact: false });

export async function fillProfile(person: Person) {
  await person.type(await field('Target roles'), 'Frontend engineer, Web developer');
  await person.type(await field('Skills (separate'), 'TypeScript');
  await person.click(screen.getByRole('checkbox', { name: 'Remote from anywhere' }));
  await person.type(screen.getByLabelText('US cities', { exact: false }), 'Austin, tx');
  await person.click(screen.getByRole('radio', { name: 'Senior' }));
  await person.type(await field('Minimum salary'), '150,000');
  await person.click(screen.getByRole('checkbox', { name: 'I need visa sponsorship' }));
}
