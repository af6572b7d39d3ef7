import { screen, within } from '@testing-library/react';

const FIELD_LABELS = { roles: /^Target roles/, skills: /^Skills/ } as const;

/**
 * A list of the profile form as it shows it, once its chip input is there: the chips, then what
 * is typed and not added yet, separated by commas as the draft keeps them.
 */
export async function listed(what: keyof typeof FIELD_LABELS): Promise<string> {
  const input = await screen.findByRole<HTMLInputElement>('combobox', {
    name: FIELD_LABELS[what],
  });
  const list = screen.queryByRole('list', { name: `Chosen ${what}` });
  const chips = list ? within(list).getAllByRole('listitem') : [];
  return [...chips.map((chip) => chip.textContent ?? ''), input.value]
    .filter((entry) => entry !== '')
    .join(', ');
}
