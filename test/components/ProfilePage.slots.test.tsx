import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AlertProfile } from '../../contract';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { PRICING_PATH } from '../../src/paths';
import { deferred } from '../support/fakeSessionService';
import { guestUser, registeredUser } from '../support/sessionTestProvider';
import { field, fakeBackend, renderProfilePage } from '../support/profilePage';
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

describe('the profile page with several profiles', () => {
  const backendEngineer: AlertProfile = {
    targetRoles: ['Backend engineer'],
    skills: ['Go'],
    where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [] },
    seniority: 'senior',
    minSalary: null,
    needsVisaSponsorship: false,
    updatedAt: '2026-11-22T22:00:00.000Z',
  };
  const uid = registeredUser.uid;
  const nav = () => screen.findByRole('navigation', { name: 'Your alert profiles' });

  it('tells a Free user that Pro gives three profiles, with the way to Pro, and no list', async () => {
    renderProfilePage(
      fakeBackend({ [uid]: { profile: backendEngineer, cv: null } }, 1),
      registeredUser,
    );
    await field('Target roles');
    expect(screen.getByText(/Pro gives you three alert profiles/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See Pro' }).getAttribute('href')).toBe(PRICING_PATH);
    expect(screen.queryByRole('navigation', { name: 'Your alert profiles' })).toBeNull();
  });

  it('lists a Pro user’s profiles, marks the one shown, and switches keeping what was typed', async () => {
    const backend = fakeBackend({ [uid]: { profile: backendEngineer, cv: null } }, 3);
    const { person } = renderProfilePage(backend, registeredUser);
    const links = within(await nav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Profile 1: Backend engineer',
      'Profile 2: empty',
      'Profile 3: empty',
    ]);
    expect(links[0]?.getAttribute('aria-current')).toBe('page');
    expect(links[1]?.getAttribute('href')).toBe('/profile?slot=2');
    expect(screen.queryByText(/Pro gives you three/)).toBeNull();

    // Typed into profile 1, not saved: switching keeps it for when the person comes back.
    await person.click(await screen.findByRole('button', { name: 'Remove Backend engineer' }));
    await person.type(await field('Target roles'), 'Platform engineer');
    await person.click(within(await nav()).getByRole('link', { name: 'Profile 2: empty' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'Your alert profiles' }))
          .getByRole('link', { name: 'Profile 2: empty' })
          .getAttribute('aria-current'),
      ).toBe('page'),
    );
    expect(await listed('roles')).toBe('');
    await person.type(await field('Target roles'), 'Data engineer');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved');
    expect(backend.calls.save).toHaveBeenLastCalledWith(expect.objectContaining({ uid, slot: 2 }));
    expect(
      within(await nav()).getByRole('link', { name: 'Profile 2: Data engineer' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your matches' }).getAttribute('href')).toBe(
      '/matches?slot=2',
    );

    await person.click(
      within(await nav()).getByRole('link', { name: 'Profile 1: Backend engineer' }),
    );
    await waitFor(async () => expect(await listed('roles')).toBe('Platform engineer'));
    expect(backend.calls.load).toHaveBeenLastCalledWith({ uid, slot: 1 });
  });

  it('holds the other profiles while a save runs, so its answer is not dropped', async () => {
    const backend = fakeBackend({ [uid]: { profile: backendEngineer, cv: null } }, 3);
    const save = deferred<void>();
    const realSave = backend.calls.save.getMockImplementation();
    backend.calls.save.mockImplementationOnce(async (call) => {
      await save.promise;
      if (!realSave) throw new Error('the fake backend has no save');
      return realSave(call);
    });
    const { person } = renderProfilePage(backend, registeredUser);
    await person.type(await field('Skills (separate'), 'Rust');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));

    const held = await within(await nav()).findByRole('link', { name: 'Profile 2: empty' });
    expect(held.getAttribute('aria-disabled')).toBe('true');
    expect(held.getAttribute('href')).toBeNull();
    await person.click(held);
    expect(backend.calls.load).toHaveBeenCalledTimes(1);

    save.resolve();
    await screen.findByText('Saved');
    const free = within(await nav()).getByRole('link', { name: 'Profile 2: empty' });
    expect(free.getAttribute('href')).toBe('/profile?slot=2');
    expect(free.getAttribute('aria-disabled')).toBeNull();
  });

  it('deletes a profile after a confirmation, and Cancel keeps it', async () => {
    const backend = fakeBackend({ [`${uid}/2`]: { profile: backendEngineer, cv: null } }, 3);
    const { person } = renderProfilePage(backend, registeredUser, '/profile?slot=2');
    expect(await listed('roles')).toBe('Backend engineer');
    await person.click(screen.getByRole('button', { name: 'Delete profile 2…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete profile 2?' });
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.calls.deleteProfile).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();

    await person.click(screen.getByRole('button', { name: 'Delete profile 2…' }));
    await person.click(
      within(screen.getByRole('dialog', { name: 'Delete profile 2?' })).getByRole('button', {
        name: 'Delete profile 2',
      }),
    );
    await screen.findByText('Profile 2 deleted.');
    expect(backend.calls.deleteProfile).toHaveBeenCalledWith({ uid, slot: 2 });
    expect(await listed('roles')).toBe('');
    expect(within(await nav()).getByRole('link', { name: 'Profile 2: empty' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete profile 2…' })).toBeNull();
  });

  it('shows a profile kept after Pro ended read-only, says why, and lets it be deleted', async () => {
    const backend = fakeBackend(
      {
        [uid]: { profile: backendEngineer, cv: null },
        [`${uid}/3`]: { profile: { ...backendEngineer, targetRoles: ['SRE'] }, cv: null },
      },
      1,
    );
    renderProfilePage(backend, registeredUser, '/profile?slot=3');
    const links = within(await nav()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Profile 1: Backend engineer',
      'Profile 3: SRE (not in your plan)',
    ]);
    expect(await screen.findByText(/your Pro plan ended/)).toBeTruthy();
    expect(screen.getByText('SRE')).toBeTruthy();
    expect(screen.queryByLabelText('Target roles', { exact: false })).toBeNull();
    expect(screen.queryByLabelText('Upload your CV')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete profile 3…' })).toBeTruthy();
  });

  it('shows the catalogue’s message when the plan refuses the profile', async () => {
    const backend = fakeBackend({}, 3);
    backend.calls.save.mockRejectedValueOnce(new BackendFailure('plan-profile-limit'));
    const { person } = renderProfilePage(backend, registeredUser, '/profile?slot=2');
    await person.type(await field('Target roles'), 'QA engineer');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    const alert = await screen.findByText(
      'The Free plan has one alert profile and one CV. Get Pro for three of each.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('says an empty slot above a Free plan is a Pro profile, without a form', async () => {
    renderProfilePage(fakeBackend({}, 1), registeredUser, '/profile?slot=2');
    await screen.findByText(/Profile 2 is a Pro profile/);
    expect(screen.queryByLabelText('Target roles', { exact: false })).toBeNull();
  });

  it('follows a company by its careers page address, with the catalogue’s message for a bad one, and removes it', async () => {
    const { backend, person } = renderProfilePage();
    const address = await screen.findByLabelText('Careers page address');
    expect(screen.getByText('You follow no company yet.')).toBeTruthy();

    await person.type(address, 'https://example.com/careers');
    await person.click(screen.getByRole('button', { name: 'Follow' }));
    const refusal = await screen.findByText(/We can read Greenhouse, Lever, Ashby, Workable/);
    expect(refusal.getAttribute('role')).toBe('alert');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toContain(refusal.id);

    await person.clear(address);
    await person.type(address, 'https://jobs.lever.co/globex{Enter}');
    const list = await screen.findByRole('list', { name: 'Companies you follow' });
    expect(within(list).getByText('globex')).toBeTruthy();
    expect(within(list).getByRole('listitem').textContent).toMatch(
      /^globexLever·0 open jobs·not checked yet/,
    );
    expect(screen.queryByText(/We can read/)).toBeNull();
    expect(address).toHaveProperty('value', '');
    expect(backend.calls.changeFollows).toHaveBeenLastCalledWith({
      uid: guestUser.uid,
      slot: 1,
      change: { kind: 'follow', url: 'https://jobs.lever.co/globex' },
    });

    await person.click(screen.getByRole('radio', { name: 'Show only their jobs' }));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Show only their jobs' })).toHaveProperty(
        'checked',
        true,
      ),
    );

    await person.click(screen.getByRole('button', { name: 'Stop following globex' }));
    await screen.findByText('You follow no company yet.');
  });
});
