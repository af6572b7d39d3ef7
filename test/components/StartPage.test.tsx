import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createActor } from 'xstate';
import type { AlertProfile, CvProposals, CvSummary } from '../../contract';
import { NO_PROPOSALS } from '../../server/cv/cvProposals';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { PATHS } from '../../src/paths';
import { chipField } from '../../src/ui/profile/ListField';
import { ProfileProvider } from '../../src/ui/profile/ProfileProvider';
import { SessionProvider } from '../../src/ui/session';
import { StartPage } from '../../src/ui/start/StartPage';
import { cvOf, SAVED_AT, type Held } from '../support/fakeProfileBackend';
import { fakeBackend } from '../support/profilePage';
import { createFakeSession, guestUser } from '../support/sessionTestProvider';
import { listed } from './chipLists';
import { personAtKeyboard } from './person';

// The machine, the lazy parts and typing are slow on a busy machine; the default 1 s is too tight.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => chipField.load());

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const proposals: CvProposals = {
  targetRoles: ['Frontend engineer', 'Web developer'],
  skills: ['TypeScript', 'React', 'PostgreSQL'],
  seniority: 'senior',
  usStates: ['TX'],
  usCities: [{ city: 'Austin', state: 'TX' }],
  remote: true,
};
const cvFile = new File(['Senior frontend engineer, TypeScript, React'], 'my-cv.pdf', {
  type: 'application/pdf',
});
const storedCv: CvSummary = { ...cvOf(cvFile), proposals };

/** `/start` over the fake backend, with a stand-in for the matches page it goes on to. */
function renderStart(held: Record<string, Held> = {}) {
  const backend = fakeBackend(held);
  const session = createFakeSession(guestUser);
  render(
    <SessionProvider startSession={() => createActor(session.logic)}>
      <MemoryRouter initialEntries={[PATHS.start]}>
        <Routes>
          <Route
            path={PATHS.start}
            element={
              <ProfileProvider slot={1} startProfile={backend.start}>
                <StartPage />
              </ProfileProvider>
            }
          />
          <Route path={PATHS.matches} element={<h1>The matches</h1>} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  return { backend, person: personAtKeyboard() };
}

const chooseCv = () => screen.findByLabelText<HTMLInputElement>('Choose your CV');
const cvStatus = () =>
  within(screen.getByRole('region', { name: 'Your CV' })).getByRole('status').textContent;
const cvAlert = () =>
  within(screen.getByRole('region', { name: 'Your CV' })).getByRole('alert').textContent;
const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('the start step', () => {
  it('reads a CV, shows its proposals to edit, saves them and opens the matches', async () => {
    const { backend, person } = renderStart();
    let answer!: () => void;
    backend.calls.upload.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = () => resolve({ cv: storedCv, suggestedSkills: [] });
        }),
    );
    expect(screen.queryByRole('combobox', { name: 'Target roles' })).toBeNull();
    await person.upload(await chooseCv(), cvFile);
    expect(cvStatus()).toBe('Reading your CV…');
    expect(screen.getByRole('region', { name: 'Your CV' }).getAttribute('aria-busy')).toBe('true');
    answer();

    await screen.findByRole('heading', { name: 'What your CV proposes' });
    expect(cvStatus()).toBe('We read your CV. Check what it proposes below.');
    expect(await listed('roles')).toBe('Frontend engineer, Web developer');
    expect(await listed('skills')).toBe('TypeScript, React, PostgreSQL');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Senior' }).checked).toBe(true);
    expect(checkbox('Remote in the US').checked).toBe(true);
    expect(checkbox('Anywhere in TX').checked).toBe(true);
    expect(checkbox('Austin, TX').checked).toBe(true);

    await person.type(screen.getByRole('combobox', { name: 'Skills' }), 'GraphQL,');
    await person.click(screen.getByRole('radio', { name: 'Lead or principal' }));
    await person.click(checkbox('Anywhere in TX'));
    await person.click(screen.getByRole('button', { name: 'Show my matches' }));

    await screen.findByRole('heading', { name: 'The matches' });
    expect(backend.calls.save).toHaveBeenCalledWith({
      uid: guestUser.uid,
      slot: 1,
      input: {
        targetRoles: ['Frontend engineer', 'Web developer'],
        skills: ['TypeScript', 'React', 'PostgreSQL', 'GraphQL'],
        // Other fields of `where` (the country) are the profile form's, not this step's.
        where: expect.objectContaining({
          remoteUs: true,
          remoteWorldwide: false,
          usStates: [],
          usCities: [{ city: 'Austin', state: 'TX' }],
        }),
        seniority: 'lead',
        minSalary: null,
        needsVisaSponsorship: false,
      },
    });
  });

  it('asks for a role and a few skills without a CV, and saves them', async () => {
    const { backend, person } = renderStart();
    await person.click(await screen.findByRole('button', { name: 'Start without a CV' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'What you are looking for' }),
    );
    await person.click(screen.getByRole('button', { name: 'Show my matches' }));
    const roles = await screen.findByRole('combobox', { name: 'Target roles' });
    expect(document.activeElement).toBe(roles);
    expect(
      screen.getByText('Enter at least one role, for example “Frontend engineer”.'),
    ).toBeTruthy();
    expect(backend.calls.save).not.toHaveBeenCalled();

    await person.type(roles, 'Data engineer,');
    await person.type(screen.getByRole('combobox', { name: 'Skills' }), 'Python, SQL,');
    await person.click(screen.getByRole('button', { name: 'Show my matches' }));
    await screen.findByRole('heading', { name: 'The matches' });
    expect(backend.calls.save).toHaveBeenCalledWith(
      expect.objectContaining({
        input: expect.objectContaining({
          targetRoles: ['Data engineer'],
          skills: ['Python', 'SQL'],
          seniority: 'mid',
          where: expect.objectContaining({
            remoteUs: true,
            remoteWorldwide: false,
            usStates: [],
            usCities: [],
          }),
        }),
      }),
    );
  });

  it('says what is wrong with a CV the backend cannot read, and one too large to send', async () => {
    const { backend, person } = renderStart();
    backend.calls.upload.mockRejectedValueOnce(new BackendFailure('cv-no-text'));
    await person.upload(await chooseCv(), cvFile);
    await screen.findByText(
      'We found no text in this file (a scanned PDF?). Please upload a file with text.',
    );
    expect(cvStatus()).toBe('');
    expect((await chooseCv()).getAttribute('aria-invalid')).toBe('true');

    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.pdf', {
      type: 'application/pdf',
    });
    fireEvent.drop(screen.getByText(/^Drop your CV here/).parentElement!, {
      dataTransfer: { files: [huge] },
    });
    expect(cvAlert()).toBe('Your CV is larger than 5 MB. Please upload a smaller file.');
    expect(backend.calls.upload).toHaveBeenCalledTimes(1);
  });

  it('asks for a role and skills when the CV proposes none', async () => {
    const { backend, person } = renderStart();
    backend.calls.upload.mockResolvedValueOnce({
      cv: { ...storedCv, proposals: NO_PROPOSALS },
      suggestedSkills: [],
    });
    await person.upload(await chooseCv(), cvFile);
    await screen.findByRole('heading', { name: 'What you are looking for' });
    expect(cvStatus()).toBe(
      'We read your CV but found no role or skill in it. Add a role and a few skills below.',
    );
    expect(await listed('roles')).toBe('');
  });

  it('shows the stored CV’s proposals again after a reload', async () => {
    renderStart({ [guestUser.uid]: { profile: null, cv: storedCv } });
    await screen.findByRole('heading', { name: 'What your CV proposes' });
    expect(await listed('roles')).toBe('Frontend engineer, Web developer');
    expect(await listed('skills')).toBe('TypeScript, React, PostgreSQL');
    expect(screen.getByText('my-cv.pdf')).toBeTruthy();
    expect(screen.getByLabelText('Choose another CV')).toBeTruthy();
  });

  it('replaces an existing profile only once the person confirms it', async () => {
    const profile: AlertProfile = {
      targetRoles: ['Designer'],
      skills: ['Figma'],
      where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
      seniority: 'mid',
      minSalary: { amount: 90_000, currency: 'USD', period: 'year' },
      needsVisaSponsorship: true,
      updatedAt: SAVED_AT,
    };
    const { backend, person } = renderStart({ [guestUser.uid]: { profile, cv: storedCv } });
    await screen.findByText(/^You already have a profile, for Designer\./);
    expect(await listed('roles')).toBe('Frontend engineer, Web developer');
    await person.click(screen.getByRole('button', { name: 'Show my matches' }));
    expect(document.activeElement).toBe(checkbox('Replace my current profile'));
    expect(backend.calls.save).not.toHaveBeenCalled();

    await person.click(checkbox('Replace my current profile'));
    await person.click(screen.getByRole('button', { name: 'Show my matches' }));
    await screen.findByRole('heading', { name: 'The matches' });
    expect(backend.calls.save).toHaveBeenCalledWith(
      expect.objectContaining({
        input: expect.objectContaining({
          targetRoles: ['Frontend engineer', 'Web developer'],
          minSalary: { amount: 90_000, currency: 'USD', period: 'year' },
          needsVisaSponsorship: true,
        }),
      }),
    );
  });
});
