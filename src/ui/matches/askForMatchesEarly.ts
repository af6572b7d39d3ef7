import { config } from '../../config';
import { apiSlotPath } from '../../machines/backend/apiPaths';
import { askEarly } from '../../machines/backend/earlyAnswers';
import {
  DEFAULT_APP_NAME,
  persistedUserKey,
  readPersistedToken,
} from '../../machines/session/persistedUser';
import { PATHS } from '../../paths';
import { slotFromParam } from '../profile/profileSlots';

/**
 * A token this close to its expiry is one the SDK may refresh before the app asks: the app would
 * then send another token, and the early answers would go unused.
 */
const TOKEN_MARGIN_MS = 5 * 60_000;

/**
 * When the page was opened at the matches (not navigated to within the app, whose runtime is
 * running), a returning user's list, its actions, alerts and profiles are asked for at once with
 * the persisted token, while the session runtime loads; the matches machine's calls take them.
 */
export async function askForMatchesEarly(): Promise<void> {
  const [opened] = performance.getEntriesByType('navigation');
  if (opened === undefined || typeof indexedDB === 'undefined') return;
  const { pathname, searchParams } = new URL(opened.name);
  if (pathname !== PATHS.matches) return;
  const key = persistedUserKey(config.firebase.apiKey, DEFAULT_APP_NAME);
  const persisted = await readPersistedToken(key);
  if (persisted === null || persisted.expiresAt - Date.now() < TOKEN_MARGIN_MS) return;
  const slot = slotFromParam(searchParams.get('slot'));
  askEarly(config.backendUrl, persisted.token, [
    apiSlotPath('/v1/matches', slot),
    apiSlotPath('/v1/matches/actions', slot),
    '/v1/alerts',
    '/v1/profiles',
  ]);
}
