import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertProfile } from '../../contract';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { loginPath, PATHS } from '../../src/paths';
import { guestUser, registeredUser } from '../support/sessionTestProvider';
import { chipField } from '../../src/ui/profile/ListField';
import { listed } from './chipLists';
// The machine, the lazy parts and typing are slow on a busy machine; the default 1 s is too tight.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

// The chip inputs are there before the form, as the page loads them first.
beforeAll(() => chipField.load());

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

import { field, fillProfile, fakeBackend, renderProfilePage } from '../support/profilePage';

describe('the job alert profile page', () => {
  it('shows the heading and intro before the session is known, and keeps them as the form fills in', async () => {
    renderProfilePage();
    const page = screen.getByRole('region', { name: 'Your job alert profile' });
    const intro = () => within(page).getByText(/^Tell us the roles, skills and places you want/);
    const shown = intro();
    expect(page.getAttribute('aria-busy')).toBe('true');
    expect(within(page).getByText('Loading your profile…')).toBeTruthy();
    await field('Target roles');
    expect(page.getAttribute('aria-busy')).toBeNull();
    expect(intro()).toBe(shown);
  });

  it('lets a guest fill and save the profile, and invites them to create an account', async () => {
    const { backend, person } = renderProfilePage();
    expect(screen.getByRole('heading', { level: 1, name: 'Your job alert profile' })).toBeTruthy();
    const invite = await screen.findByRole('link', {
      name: 'Create an account to keep it and get alerts',
    });
    expect(invite.getAttribute('href')).toBe(loginPath({ next: PATHS.profile }));

    await fillProfile(person);
    expect(screen.queryByRole('link', { name: 'See your matches' })).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved');
    expect(screen.getByRole('link', { name: 'See your matches' }).getAttribute('href')).toBe(
      PATHS.matches,
    );
    expect(backend.calls.save).toHaveBeenCalledWith({
      uid: guestUser.uid,
      slot: 1,
      input: {
        targetRoles: ['Frontend engineer', 'Web developer'],
        skills: ['TypeScript'],
        where: {
          remoteUs: true,
          remoteWorldwide: true,
          country: 'US',
          usStates: [],
          usCities: [{ city: 'Austin', state: 'TX' }],
        },
        seniority: 'senior',
        minSalary: { amount: 150_000, currency: 'USD', period: 'year' },
        needsVisaSponsorship: true,
      },
    });
    // The saved draft is no longer kept for a reload.
    expect(sessionStorage.length).toBe(0);
  });

  it('shows "Saving…" while the backend works', async () => {
    const backend = fakeBackend();
    backend.calls.save.mockReturnValueOnce(new Promise(() => {}));
    const { person } = renderProfilePage(backend);
    await person.type(await field('Target roles'), 'QA engineer');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    const button = await screen.findByRole('button', { name: 'Saving…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('shows a backend error as an alert and keeps what was typed', async () => {
    const backend = fakeBackend();
    backend.calls.save.mockRejectedValueOnce(new BackendFailure('network-error'));
    const { person } = renderProfilePage(backend);
    await person.type(await field('Target roles'), 'Data engineer');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    const alert = await screen.findByText(/We could not reach ApplyFirst/);
    expect(alert.getAttribute('role')).toBe('alert');
    const roles = await field('Target roles');
    expect(await listed('roles')).toBe('Data engineer');
    expect(roles.getAttribute('aria-describedby')).toContain(alert.id);
  });

  it('refuses a form without roles, says why next to the field and focuses it', async () => {
    const { backend, person } = renderProfilePage();
    await person.type(await field('US cities'), 'Somewhere');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    const roles = await field('Target roles');
    expect(roles.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(roles);
    expect(screen.getByText(/Enter at least one role/)).toBeTruthy();
    expect(screen.getByText(/Write each city as “City, ST”/)).toBeTruthy();
    expect(backend.calls.save).not.toHaveBeenCalled();
  });

  it('restores the unsaved draft after a reload', async () => {
    const first = renderProfilePage();
    await first.person.type(await field('Target roles'), 'Site reliability engineer');
    await first.person.click(screen.getByRole('radio', { name: 'Lead or principal' }));
    cleanup();

    renderProfilePage();
    expect(await listed('roles')).toBe('Site reliability engineer');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Lead or principal' }).checked).toBe(
      true,
    );
  });

  it('shows the saved profile of a registered user, without the guest invitation', async () => {
    const stored: AlertProfile = {
      targetRoles: ['Backend engineer'],
      skills: ['Go'],
      where: { remoteUs: false, remoteWorldwide: false, usStates: ['WA'], usCities: [] },
      seniority: 'junior',
      minSalary: null,
      needsVisaSponsorship: false,
      updatedAt: '2026-11-22T22:00:00.000Z',
    };
    renderProfilePage(
      fakeBackend({ [registeredUser.uid]: { profile: stored, cv: null } }),
      registeredUser,
    );
    expect(await listed('roles')).toBe('Backend engineer');
    const places = screen.getByRole('list', { name: 'Chosen places' });
    expect(
      within(places)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['All of WA']);
    expect(screen.queryByText('Create an account to keep it and get alerts')).toBeNull();
  });

  it('uploads a CV, shows it, and adds a suggested skill with one click', async () => {
    const { backend, person } = renderProfilePage();
    await person.type(await field('Skills (separate'), 'TypeScript');
    const cvFile = new File(['TypeScript, React, PostgreSQL'], 'my-cv.txt', {
      type: 'text/plain',
    });
    await person.upload(await field('Upload your CV'), cvFile);
    await screen.findByText('my-cv.txt');
    expect(backend.calls.upload).toHaveBeenCalledWith({
      uid: guestUser.uid,
      slot: 1,
      file: cvFile,
    });
    // One line that wraps as prose on a phone; the time never breaks inside.
    const summary = screen.getByText('my-cv.txt').closest('p');
    expect(summary?.textContent).toMatch(/^Your CV: my-cv\.txt, 29 bytes, uploaded .+\.$/);
    expect(summary?.querySelector('time')?.className).toBe('cv__time');

    await person.click(screen.getByRole('button', { name: 'Add React' }));
    expect(await listed('skills')).toBe('TypeScript, React');
    expect(screen.queryByRole('button', { name: 'Add React' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add PostgreSQL' })).toBeTruthy();
    // Not a bare "Choose File / No file chosen": the input is hidden behind its label's button.
    const replace = screen.getByLabelText('Replace your CV');
    expect(replace.classList.contains('visually-hidden')).toBe(true);
    expect(document.querySelector(`label[for="${replace.id}"]`)?.className).toMatch(/\bbutton\b/);
  });

  it('says a CV over 5 MB is too large without sending it', async () => {
    const { backend, person } = renderProfilePage();
    const huge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.pdf', {
      type: 'application/pdf',
    });
    await person.upload(await field('Upload your CV'), huge);
    const section = screen.getByRole('region', { name: 'Your CV' });
    expect(within(section).getByRole('alert').textContent).toMatch(/larger than 5 MB/);
    expect(backend.calls.upload).not.toHaveBeenCalled();
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    const backend = fakeBackend();
    backend.calls.load.mockRejectedValueOnce(new BackendFailure('timed-out'));
    const { person } = renderProfilePage(backend);
    await screen.findByText('ApplyFirst took too long to answer. Please try again.');
    await person.click(screen.getByRole('button', { name: 'Try again' }));
    await field('Target roles');
    await waitFor(() => expect(backend.calls.load).toHaveBeenCalledTimes(2));
  });
});
