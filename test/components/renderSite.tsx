import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { loadMatchedRoutes } from '../../src/routes/loadMatchedRoutes';
import { routes } from '../../src/routes/routeTable';
import { SessionProvider, type StartSession } from '../../src/ui/session';

/** A session that never finishes restoring: what the prerender and the first paint see. */
export const restoringForever: StartSession = () => new Promise(() => {});

/** jsdom lacks scrolling, which the router's scroll restoration and #hash links use. */
export function stubScrolling(): void {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  Element.prototype.scrollIntoView = () => {};
}

/** The whole site (layout, header, footer, lazy routes) at `path`, once its page has rendered. */
export async function renderSite(path: string, startSession: StartSession = restoringForever) {
  // As in the browser entry: the first page's lazy route is loaded before the router starts.
  const router = createMemoryRouter(await loadMatchedRoutes(routes, path), {
    initialEntries: [path],
  });
  const view = render(
    <SessionProvider startSession={startSession}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  await screen.findByRole('heading', { level: 1 });
  return { ...view, router, navigate: (to: string) => act(() => router.navigate(to)) };
}
