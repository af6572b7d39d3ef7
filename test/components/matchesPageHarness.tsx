import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { expect, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ProfileSlot } from '../../contract';
import {
  matchesMachine,
  type MatchesEvent,
  type MatchesResult,
} from '../../src/machines/matches/matchesMachine';
import { PATHS } from '../../src/paths';
import { MatchesProvider } from '../../src/ui/matches/MatchesProvider';
import { MatchesPage } from '../../src/ui/matches/MatchesPage';
import { SessionProvider } from '../../src/ui/session';
import { CHECKED_AT, frontendMatch } from '../support/matchFixtures';
import { createFakeSession, registeredUser } from '../support/sessionTestProvider';
import { WithSlot } from '../support/withSlot';

/** The matches page on a fake session, its machine's actors stubbed: shared by its test files. */

export const result = (fields: Partial<MatchesResult> = {}): MatchesResult => ({
  active: true,
  profiles: [],
  profileMissing: false,
  matches: [frontendMatch],
  newAlerts: [],
  watching: null,
  checkedAt: CHECKED_AT,
  ...fields,
});

export function renderMatchesPage(
  load: (input: { uid: string; slot: ProfileSlot }) => Promise<MatchesResult>,
  user = registeredUser,
  path: string = PATHS.matches,
) {
  const calls = vi.fn(load);
  const stream: { sendBack: ((event: MatchesEvent) => void) | null } = { sendBack: null };
  const logic = matchesMachine.provide({
    actors: {
      loadMatches: fromPromise(({ input }) => calls(input)),
      markAlertsSeen: fromPromise(async () => {}),
      streamAlerts: fromCallback<MatchesEvent, { uid: string }>(({ sendBack }) => {
        stream.sendBack = sendBack;
      }),
    },
  });
  mountMatchesPage(logic, user, path);
  return { calls, stream, person: userEvent.setup({ delay: null }) };
}

/** The page at `path`, for a fake session of `user`, on this matches machine. */
export function mountMatchesPage(
  logic: typeof matchesMachine,
  user = registeredUser,
  path: string = PATHS.matches,
): void {
  const session = createFakeSession(user);
  render(
    <SessionProvider startSession={() => createActor(session.logic)}>
      <MemoryRouter initialEntries={[path]}>
        <WithSlot>
          {(slot) => (
            <MatchesProvider slot={slot} startMatches={() => createActor(logic)}>
              <MatchesPage slot={slot} />
            </MatchesProvider>
          )}
        </WithSlot>
      </MemoryRouter>
    </SessionProvider>,
  );
}

export const page = () => screen.getByRole('region', { name: 'Your matches' });

/**
 * The list's own status line ("1 match."): the page's other live regions (the notifications
 * control's) stay empty until used.
 */
export async function listStatus(): Promise<HTMLElement> {
  return waitFor(() => {
    const said = screen.getAllByRole('status').filter((node) => node.textContent !== '');
    expect(said).toHaveLength(1);
    return said[0]!;
  });
}
