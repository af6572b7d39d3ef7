import { act, cleanup } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../src/entry-prerender';
import { loadMatchedRoutes } from '../../src/routes/loadMatchedRoutes';
import { routes } from '../../src/routes/routeTable';
import { NOT_FOUND_PAGE, SITE_PAGES } from '../../src/routes/sitePages';
import { AppProviders } from '../../src/ui/AppProviders';
import { stubScrolling } from './renderSite';

// The real provider, minus Firebase: the session stays "restoring", as on a first paint.
vi.mock('../../src/ui/session/browserSessionRuntime', () => ({
  startBrowserSessionConnection: () => new Promise(() => {}),
  startBrowserProfileConnection: () => new Promise(() => {}),
}));

let root: Root | undefined;
let consoleErrors: string[] = [];
beforeEach(() => {
  stubScrolling();
  // The build renders in Node and hydrates in the browser; here both renderers share one process,
  // which React's development build reports for every context. Nothing else is filtered out.
  // Attribute mismatches (such as `useId` ids) are only logged, never thrown: collect them.
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith('Detected multiple renderers concurrently rendering')) return;
    consoleErrors.push(args.map(String).join(' '));
  });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  cleanup();
  vi.restoreAllMocks();
});

describe.each([...SITE_PAGES, NOT_FOUND_PAGE])('the prerendered $path', ({ path }) => {
  it('hydrates without a mismatch and keeps one set of head tags', async () => {
    const { head, body } = await renderPage(path);
    expect(head).toContain('<title>');
    expect(head).toContain('http-equiv="Content-Security-Policy"');
    expect(body).toContain('<main id="main"');

    document.head.innerHTML = head;
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = body;
    document.body.append(container);

    const mismatches: unknown[] = [];
    const router = createMemoryRouter(await loadMatchedRoutes(routes, path), {
      initialEntries: [path],
    });
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });

    expect(mismatches).toEqual([]);
    expect(consoleErrors).toEqual([]);
    const served = document.createElement('div');
    served.innerHTML = body; // the served markup as the DOM holds it
    // What changes on purpose once hydrated: a form's "needs JavaScript" note goes, its fields work.
    for (const note of served.querySelectorAll('[data-until-hydrated]')) note.remove();
    for (const fields of served.querySelectorAll('fieldset.form__fields'))
      fields.removeAttribute('disabled');
    expect(container.innerHTML).toBe(served.innerHTML);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]').length).toBeLessThanOrEqual(1);
  });
});
