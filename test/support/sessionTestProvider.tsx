import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AccountPage } from '../../src/ui/account/AccountPage';
import { LoginPage } from '../../src/ui/login/LoginPage';
import { SessionProvider } from '../../src/ui/session';
import { createFakeSession, type FakeSession } from './fakeSessionService';
import { PATHS } from '../../src/paths';
import { createActor } from 'xstate';

export * from './fakeSessionService';

/** Shows where the router is, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? '';
}

/**
 * Renders `/login`, `/account` and `extra` through the public provider API, with the real
 * session machine and the fake service.
 */
export function renderWithSession(
  options: { session?: FakeSession; path?: string; extra?: ReactNode } = {},
) {
  const session = options.session ?? createFakeSession();
  const view = render(
    <SessionProvider startSession={() => createActor(session.logic)}>
      <MemoryRouter initialEntries={[options.path ?? PATHS.login]}>
        <LocationProbe />
        {options.extra}
        <Routes>
          <Route path={PATHS.login} element={<LoginPage />} />
          <Route path={PATHS.account} element={<AccountPage />} />
          <Route path="*" element={<p>Another page</p>} />
        </Routes>
      </MemoryRouter>
    </SessionProvider>,
  );
  return { ...view, session };
}
