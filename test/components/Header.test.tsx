import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from '../../src/ui/shell/Header';
import { SessionProvider } from '../../src/ui/session';
import { restoringForever } from './renderSite';
import { PATHS, PRICING_PATH } from '../../src/paths';

afterEach(cleanup);

describe('Header', () => {
  it('is the banner landmark: brand home, then Pricing, Blog, Job alerts, Matches and the session link last', () => {
    render(
      <SessionProvider startSession={restoringForever}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </SessionProvider>,
    );
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'ApplyFirst' }).getAttribute('href')).toBe(
      PATHS.home,
    );

    const links = within(within(banner).getByRole('navigation', { name: 'Main' })).getAllByRole(
      'link',
    );
    expect(links.slice(0, 4).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Pricing', PRICING_PATH],
      ['Blog', PATHS.blog],
      ['Job alerts', PATHS.profile],
      ['Matches', PATHS.matches],
    ]);
    expect(links).toHaveLength(5);
    expect(links[4]!.className).toContain('account-link');

    // On a phone the four pages are a popover that the Menu button opens, without JavaScript.
    const pages = links[0]!.closest('ul');
    expect(pages?.getAttribute('popover')).toBe('auto');
    expect(within(banner).getByRole('button', { name: 'Menu' }).getAttribute('popovertarget')).toBe(
      pages?.id,
    );
  });
});
