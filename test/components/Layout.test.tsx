import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSite, stubScrolling } from './renderSite';
import { PATHS, PRICING_PATH } from '../../src/paths';

beforeEach(stubScrolling);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Layout', () => {
  it('starts with a skip link to the main region', async () => {
    await renderSite(PATHS.blog);
    const skip = screen.getAllByRole('link')[0]!;
    expect(skip.textContent).toBe('Skip to content');
    expect(skip.getAttribute('href')).toBe('#main');
    expect(screen.getByRole('main').id).toBe('main');
  });

  it('leaves focus alone on the first page, then moves it to the new page heading', async () => {
    const { navigate } = await renderSite(PATHS.home);
    expect(document.activeElement).toBe(document.body);

    await navigate(PATHS.blog);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Blog' });
    expect(document.activeElement).toBe(heading);
  });

  it('moves focus to the #hash target, such as the pricing section', async () => {
    const { navigate } = await renderSite(PATHS.blog);
    await navigate(PRICING_PATH);
    await screen.findByRole('heading', { level: 2, name: 'Plans and pricing' });
    expect(document.activeElement?.id).toBe('pricing');
  });
});
