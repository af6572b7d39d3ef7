/**
 * Writes the profile form's role and skill suggestions: `npm run suggestions`.
 * With `--check` it writes nothing, and exits non-zero when the file is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  profileSuggestionsText,
  REGENERATE_SUGGESTIONS,
  SUGGESTIONS_PATH,
} from './suggestions/profileSuggestions';

const path = join(fileURLToPath(new URL('..', import.meta.url)), SUGGESTIONS_PATH);
const text = await profileSuggestionsText();
const stale = !existsSync(path) || readFileSync(path, 'utf8') !== text;

if (process.argv.includes('--check')) {
  if (stale) console.error(`${SUGGESTIONS_PATH} is stale: run \`${REGENERATE_SUGGESTIONS}\`.`);
  process.exitCode = stale ? 1 : 0;
} else {
  if (stale) writeFileSync(path, text);
  console.log(`${stale ? 'wrote' : 'unchanged'} ${SUGGESTIONS_PATH}`);
}
