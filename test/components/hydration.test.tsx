import { act, cleanup } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../src/entry-prerender';
import { AppRoutes } from '../../src/routes/AppRoutes';
import { loadMatchedRoutes } from '../../src/routes/loadMatchedRoutes';
import { routes } from '../../src/routes/routeTable';
import { NOT_FOUND_PAGE, SITE_PAGES } from '../../src/routes/sitePages';
import { AppProviders } from '../../src/ui/shell/AppProviders';
import { stubScrolling } from './renderSite';

// The real provider, minus Firebase: the session stays "restoring", as on a first paint.
vi.mock('../../src/ui/session/browserSessionRuntime', () => ({
  startBrowserSession: () => new Promise(() => {}),
  startBrowserProfile: () => new Promise(() => {}),
  startBrowserMatches: () => new Promise(() => {}),
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
    // The server renderer leaves the context values of its last task (inside the page's Suspense
    // boundary, so inside the router) until it renders again, and here the client reads the same
    // context objects: one more, empty render puts them back to their defaults.
    await prerender(<></>);
    expect(head).toContain('<title>');
    expect(head).toContain('http-equiv="Content-Security-Policy"');
    expect(body).toContain('<main id="main"');

    document.head.innerHTML = head;
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = body;
    document.body.append(container);

    const mismatches: unknown[] = [];
    await loadMatchedRoutes(routes, path);
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
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
