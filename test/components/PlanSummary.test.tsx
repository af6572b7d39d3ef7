import { cleanup, render, screen, within } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../src/config';
import { BackendFailure } from '../../src/machines/backend/backendErrors';
import { PlanProvider, type LoadPlan } from '../../src/ui/plan/PlanProvider';
import { PlanSummary } from '../../src/ui/plan/PlanSummary';
import { SessionProvider } from '../../src/ui/session';
import { NEVER_PAID, PRO_RENEWING } from '../support/planFixtures';
import { createFakeSession, registeredUser } from '../support/sessionTestProvider';
import { createActor } from 'xstate';

afterEach(cleanup);

function renderPlan(loadPlan: LoadPlan) {
  const session = createFakeSession(registeredUser);
  render(
    <SessionProvider startSession={() => createActor(session.logic)}>
      <MemoryRouter>
        <PlanProvider loadPlan={loadPlan}>
          <PlanSummary />
        </PlanProvider>
      </MemoryRouter>
    </SessionProvider>,
  );
  return screen.getByRole('region', { name: 'Your plan' });
}

/** The definition list's value for `term`. */
function detail(section: HTMLElement, term: string): HTMLElement | null {
  const dt = within(section).queryByText(term, { selector: 'dt' });
  return (dt?.nextElementSibling as HTMLElement | null) ?? null;
}

describe('the plan section on the account page', () => {
  it('shows Free, with Get Pro and without Manage billing', async () => {
    const section = renderPlan(async () => NEVER_PAID);
    expect(within(section).getByRole('status').textContent).toBe('Loading your plan…');
    await within(section).findByText('Free');
    expect(detail(section, 'Includes')?.textContent).toBe(
      'One CV and one search profile, a daily digest',
    );
    expect(detail(section, 'Status')).toBeNull();
    expect(within(section).queryByRole('link', { name: 'Manage billing' })).toBeNull();
    const getPro = within(section).getByRole('link', { name: 'Get Pro' });
    expect(new URL(getPro.getAttribute('href') ?? '').searchParams.get('client_reference_id')).toBe(
      registeredUser.uid,
    );
  });

  it('shows a Pro customer the renewal date and Manage billing', async () => {
    const section = renderPlan(async () => PRO_RENEWING);
    await within(section).findByText('Pro');
    expect(detail(section, 'Status')?.textContent).toBe('Active');
    const renews = detail(section, 'Renews on')?.querySelector('time');
    expect(renews?.getAttribute('datetime')).toBe(PRO_RENEWING.renewsAt);
    expect(renews?.textContent).toMatch(/2026/);
    expect(detail(section, 'Includes')?.textContent).toBe(
      'Up to 3 CVs and 3 search profiles, real-time alerts',
    );
    expect(within(section).getByRole('link', { name: 'Manage billing' }).getAttribute('href')).toBe(
      config.billingPortalUrl,
    );
    expect(within(section).queryByRole('link', { name: 'Get Pro' })).toBeNull();
  });

  it('shows when a cancelled Pro ends, and asks to fix a failed payment', async () => {
    const section = renderPlan(async () => ({
      ...PRO_RENEWING,
      status: 'past_due',
      renewsAt: null,
      endsAt: '2026-12-01T10:00:00.000Z',
    }));
    await within(section).findByText('Payment failed');
    expect(detail(section, 'Renews on')).toBeNull();
    expect(detail(section, 'Ends on')?.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-12-01T10:00:00.000Z',
    );
    expect(within(section).getByText(/Your last payment did not go through/)).toBeTruthy();
  });

  it('says why the plan could not be read, and tries again', async () => {
    const loadPlan = vi
      .fn<LoadPlan>()
      .mockRejectedValueOnce(new BackendFailure('network-error'))
      .mockResolvedValueOnce(PRO_RENEWING);
    const section = renderPlan(loadPlan);
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toBe(new BackendFailure('network-error').message);
    await personAtKeyboard().click(within(section).getByRole('button', { name: 'Try again' }));
    await within(section).findByText('Pro');
    expect(loadPlan).toHaveBeenCalledTimes(2);
  });

  it('checks again for a payment that has not arrived yet', async () => {
    const loadPlan = vi
      .fn<LoadPlan>()
      .mockResolvedValueOnce(NEVER_PAID)
      .mockResolvedValueOnce(PRO_RENEWING);
    const section = renderPlan(loadPlan);
    await within(section).findByText('Free');
    await personAtKeyboard().click(within(section).getByRole('button', { name: 'Check again' }));
    await within(section).findByText('Pro');
  });
});
