/**
 * Writes the profile form's place data: `npm run places`.
 * With `--check` it writes nothing, and exits non-zero when a file is stale.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeFiles, REGENERATE_PLACES } from './places/placeSuggestions';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
for (const [file, text] of Object.entries(placeFiles())) {
  const path = join(root, file);
  const stale = !existsSync(path) || readFileSync(path, 'utf8') !== text;
  if (check) {
    if (stale) console.error(`${file} is stale: run \`${REGENERATE_PLACES}\`.`);
    if (stale) process.exitCode = 1;
  } else {
    if (stale) writeFileSync(path, text);
    console.log(`${stale ? 'wrote' : 'unchanged'} ${file}`);
  }
}
