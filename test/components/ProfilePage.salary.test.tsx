import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { chipField } from '../../src/ui/profile/ListField';
import type { AlertProfile } from '../../contract';
import { guestUser, registeredUser } from '../support/sessionTestProvider';
import { fakeBackend, field, fillProfile, renderProfilePage } from '../support/profilePage';
import type { Person } from './person';
// The machine, the lazy parts and typing are slow on a busy machine; the default 1 s is too tight.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  await Promise.all([chipField.load(), import('../../src/ui/profile/profileSecondary')]);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const picker = (name: string) => screen.findByRole<HTMLSelectElement>('combobox', { name });

/** The currency picker, opened: focusing it lists every currency. */
async function openCurrencies(person: Person) {
  const currency = await picker('Currency');
  await person.click(currency);
  await waitFor(() => expect(currency.options.length).toBeGreaterThan(100));
  return currency;
}

describe('the salary floor on the profile page', () => {
  it('saves an amount in the currency and period chosen, listing the currencies on first focus', async () => {
    const { backend, person } = renderProfilePage();
    await fillProfile(person);
    const currency = await picker('Currency');
    // Only the floor's own currency until the picker is focused: naming them all waits till then.
    expect([...currency.options].map((option) => option.value)).toEqual(['USD']);
    const amount = await field('Minimum salary');
    await person.clear(amount);
    await person.type(amount, '6000');
    await person.selectOptions(await openCurrencies(person), 'EUR');
    expect(currency.selectedOptions[0]?.textContent).toBe('Euro (EUR)');
    await person.selectOptions(await picker('Per'), 'month');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved');
    expect(backend.calls.save).toHaveBeenCalledWith(
      expect.objectContaining({
        uid: guestUser.uid,
        input: expect.objectContaining({
          minSalary: { amount: 6000, currency: 'EUR', period: 'month' },
        }),
      }),
    );
  });

  it('keeps the currency and period chosen across a reload of the unsaved draft', async () => {
    const first = renderProfilePage();
    await first.person.type(await field('Minimum salary'), '45');
    await first.person.selectOptions(await openCurrencies(first.person), 'CAD');
    await first.person.selectOptions(await picker('Per'), 'hour');
    cleanup();

    renderProfilePage();
    expect((await field('Minimum salary')).value).toBe('45');
    expect((await picker('Currency')).value).toBe('CAD');
    expect((await picker('Per')).value).toBe('hour');
  });

  it('offers the currency of the country the seeker lives in, until they give an amount', async () => {
    const stored: AlertProfile = {
      targetRoles: ['Backend engineer'],
      skills: ['Go'],
      where: { remoteUs: true, remoteWorldwide: false, usStates: [], usCities: [], country: 'DE' },
      seniority: 'senior',
      minSalary: null,
      needsVisaSponsorship: false,
      updatedAt: '2026-11-22T22:00:00.000Z',
    };
    const { backend, person } = renderProfilePage(
      fakeBackend({ [registeredUser.uid]: { profile: stored, cv: null } }),
      registeredUser,
    );
    await waitFor(async () => expect((await picker('Currency')).value).toBe('EUR'));
    // Shown, not kept: a reload starts from the saved profile, not from a draft.
    expect(sessionStorage.length).toBe(0);
    await person.type(await field('Minimum salary'), '70000');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    await screen.findByText('Saved');
    expect(backend.calls.save).toHaveBeenCalledWith(
      expect.objectContaining({
        input: expect.objectContaining({
          minSalary: { amount: 70_000, currency: 'EUR', period: 'year' },
        }),
      }),
    );
  });

  it('says a bad amount next to the field and focuses it, keeping what was typed', async () => {
    const { backend, person } = renderProfilePage();
    await fillProfile(person);
    const amount = await field('Minimum salary');
    await person.clear(amount);
    await person.type(amount, '60.5k');
    await person.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.value).toBe('60.5k');
    expect(screen.getByText(/Enter the amount as a whole number/)).toBeTruthy();
    expect(backend.calls.save).not.toHaveBeenCalled();
  });
});
