import type { ChipKind } from './chipList';
import { lazyModule } from './lazyModule';
import type { Suggestible } from './suggestionSearch';

/**
 * The vocabulary the suggestions come from (generated from the backend's: `npm run suggestions`),
 * fetched when a list field is first focused, as a hashed chunk the browser and the service
 * worker keep until the next build changes it.
 */
export const chipSuggestions = lazyModule(async (): Promise<Record<ChipKind, Suggestible[]>> => {
  const { roles, skills } = (await import('./profileSuggestions.json')).default;
  return { roles: roles.map((name) => ({ name })), skills };
}, 'The suggestions');
