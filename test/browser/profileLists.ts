import type { Locator, Page } from 'playwright-core';

const LISTS = {
  roles: { field: /^Target roles/, chips: 'Chosen roles' },
  skills: { field: /^Skills/, chips: 'Chosen skills' },
} as const;

/** A list's input: the chip input, or its stand-in until the list is first reached. */
export function listInput(page: Page, what: keyof typeof LISTS): Locator {
  const name = LISTS[what].field;
  return page.getByRole('combobox', { name }).or(page.getByRole('textbox', { name }));
}

/**
 * A list of the profile form as its chips show it, separated by commas ('' for no chips), with the
 * chip input or its stand-in (the chip input loads when a list is first reached). The field is
 * awaited first, so an empty answer is not the page before the form.
 */
export async function shownList(page: Page, what: keyof typeof LISTS): Promise<string> {
  await listInput(page, what).waitFor();
  const entries = await page
    .getByRole('list', { name: LISTS[what].chips, exact: true })
    .getByRole('listitem')
    .allTextContents();
  return entries.join(', ');
}
