import type { Page } from 'playwright-core';

const LISTS = {
  roles: { field: /^Target roles/, chips: 'Chosen roles' },
  skills: { field: /^Skills/, chips: 'Chosen skills' },
} as const;

/**
 * A list of the profile form as its chips show it, separated by commas, once its chip input is
 * there ('' for no chips). The field is awaited first, so an empty answer is not the page before
 * the form.
 */
export async function shownList(page: Page, what: keyof typeof LISTS): Promise<string> {
  const { field, chips } = LISTS[what];
  await page.getByRole('combobox', { name: field }).waitFor();
  const entries = await page
    .getByRole('list', { name: chips, exact: true })
    .getByRole('listitem')
    .allTextContents();
  return entries.join(', ');
}
