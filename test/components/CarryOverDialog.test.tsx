import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { personAtKeyboard } from './person';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTICE_CATALOGUE } from '../../src/machines/session/noticeCatalogue';
import type { GuestWork } from '../../src/machines/session/sessionTypes';
import { CarryOverDialog } from '../../src/ui/session/CarryOverDialog';
import {
  createFakeSession,
  deferred,
  failure,
  guestUser,
  registeredUser,
  renderWithSession,
} from '../support/sessionTestProvider';
import { GUEST_ID_TOKEN } from '../support/fakeSessionService';

afterEach(cleanup);

/** A guest on the login page whose sign-in replaces it, having saved `work`. */
async function signInReplacingGuestWith(work: GuestWork) {
  const session = createFakeSession(guestUser);
  session.operations.signIn.mockResolvedValueOnce({
    user: registeredUser,
    discardedGuest: { uid: guestUser.uid, idToken: GUEST_ID_TOKEN, work },
  });
  const rendered = renderWithSession({ session, extra: <CarryOverDialog /> });
  const user = personAtKeyboard();
  await user.type(screen.getByLabelText('Email'), registeredUser.email ?? '');
  await user.type(screen.getByLabelText('Password'), 'her password');
  await waitFor(() =>
    expect(
      screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-disabled'),
    ).toBeNull(),
  );
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return { ...rendered, session, user };
}

const dialog = () =>
  screen.findByRole('dialog', { name: 'Bring your guest work to this account?' });

describe('CarryOverDialog', () => {
  it('asks a guest that saved work, and brings it merged when chosen', async () => {
    const { session, user } = await signInReplacingGuestWith('some');
    const asked = await dialog();
    expect(asked.textContent).toContain('you saved a job alert profile or a CV as a guest');
    expect(asked.textContent).toContain(registeredUser.email);

    await user.click(
      within(asked).getByRole('button', { name: 'Bring it, merged with this account’s profile' }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.operations.carryOver).toHaveBeenCalledWith({
      guestIdToken: GUEST_ID_TOKEN,
      mode: 'merge',
    });
    expect(await screen.findByText(NOTICE_CATALOGUE['guest-work-brought'])).toBeTruthy();
  });

  it('leaves the work when chosen, and says so', async () => {
    const { session, user } = await signInReplacingGuestWith('some');
    await user.click(within(await dialog()).getByRole('button', { name: 'Leave it' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.operations.carryOver).toHaveBeenCalledWith({
      guestIdToken: GUEST_ID_TOKEN,
      mode: 'leave',
    });
    expect(await screen.findByText(NOTICE_CATALOGUE['guest-work-left'])).toBeTruthy();
  });

  it('says when it could not check what the guest saved, and asks anyway', async () => {
    await signInReplacingGuestWith('unknown');
    expect((await dialog()).textContent).toContain('We could not check whether you saved');
  });

  it('never asks when the guest saved nothing', async () => {
    const { session } = await signInReplacingGuestWith('none');
    await screen.findByRole('heading', { name: 'Your account' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(session.operations.carryOver).not.toHaveBeenCalled();
  });

  it('shows the chosen button busy, ignores other choices meanwhile, and asks again after a failure', async () => {
    const { session, user } = await signInReplacingGuestWith('some');
    const moving = deferred<never>();
    session.operations.carryOver.mockReturnValueOnce(moving.promise);
    const asked = await dialog();
    await user.click(
      within(asked).getByRole('button', { name: 'Bring it, replacing this account’s profile' }),
    );

    const busy = await within(asked).findByRole('button', { name: 'Bringing it…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(within(asked).getByRole('button', { name: 'Leave it' }));
    expect(session.operations.carryOver).toHaveBeenCalledTimes(1);

    moving.reject(failure('backend-unavailable'));
    expect(
      await within(asked).findByText(
        'ApplyFirst could not be reached, so nothing was changed. Please try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog')).toBe(asked);
    await user.click(within(asked).getByRole('button', { name: 'Leave it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(session.operations.carryOver).toHaveBeenLastCalledWith({
      guestIdToken: GUEST_ID_TOKEN,
      mode: 'leave',
    });
  });
});
