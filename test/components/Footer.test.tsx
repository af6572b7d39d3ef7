import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from '../../src/ui/shell/Footer';
import { PATHS, PRICING_PATH } from '../../src/paths';

afterEach(cleanup);

function renderFooter() {
  render(
    <MemoryRouter>
      <Footer />
    </MemoryRouter>,
  );
  return screen.getByRole('contentinfo');
}

describe('Footer', () => {
  it('is the page footer landmark with the copyright line', () => {
    const footer = renderFooter();
    expect(footer.tagName).toBe('FOOTER');
    expect(within(footer).getByText('© 2024 ApplyFirst')).toBeTruthy();
  });

  it('links Pricing, Blog, Refund, Privacy, Terms and Imprint, in that order', () => {
    const nav = within(renderFooter()).getByRole('navigation', { name: 'Footer' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Pricing', PRICING_PATH],
      ['Blog', PATHS.blog],
      ['Refund', PATHS.refund],
      ['Privacy', PATHS.privacy],
      ['Terms', PATHS.terms],
      ['Imprint', PATHS.imprint],
    ]);
  });

  it('has a large brand link back home', () => {
    const brand = within(renderFooter()).getByRole('link', { name: 'ApplyFirst' });
    expect(brand.getAttribute('href')).toBe(PATHS.home);
    expect(brand.className).toContain('brand-large');
  });
});
