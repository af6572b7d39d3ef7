import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { vi } from 'vitest';
import { AppRoutes } from '../../src/routes/AppRoutes';
import { loadMatchedRoutes } from '../../src/routes/loadMatchedRoutes';
import { routes } from '../../src/routes/routeTable';
import { SessionProvider, type StartSession } from '../../src/ui/session';

/** A session that never finishes restoring: what the prerender and the first paint see. */
export const restoringForever: StartSession = () => new Promise(() => {});

/** jsdom lacks scrolling, which the layout's scrolling after navigation and #hash links use. */
export function stubScrolling(): void {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = () => {};
}

/** Hands the router's `navigate` out of the tree, so a test can navigate as a link would. */
function NavigatorOut({ into }: { into: { navigate: NavigateFunction | null } }) {
  into.navigate = useNavigate();
  return null;
}

/** The whole site (layout, header, footer, lazy routes) at `path`, once its page has rendered. */
export async function renderSite(path: string, startSession: StartSession = restoringForever) {
  // As in the browser entry: the first page's lazy route is loaded before the router starts.
  await loadMatchedRoutes(routes, path);
  const handle: { navigate: NavigateFunction | null } = { navigate: null };
  const view = render(
    <SessionProvider startSession={startSession}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <NavigatorOut into={handle} />
      </MemoryRouter>
    </SessionProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return {
    ...view,
    navigate: (to: string) =>
      act(async () => {
        await handle.navigate?.(to);
      }),
  };
}
