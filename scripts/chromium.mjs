// Finds a Chromium for the browser tests: CHROME_PATH, then the system's, then Playwright's own
// cache. On a fresh Debian machine as root it installs Debian's `chromium`; otherwise it says how.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const SYSTEM_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium() {
  const candidates = [process.env.CHROME_PATH, ...SYSTEM_BROWSERS, playwrightsOwn()];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

function playwrightsOwn() {
  try {
    return chromium.executablePath();
  } catch {
    return undefined; // Playwright has no browser of its own downloaded: not an error here.
  }
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canInstall) {
    console.log('No Chromium found: installing Debian\'s chromium package for the browser tests…');
    const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    apt(['update']);
    apt(['install', '-y', '--no-install-recommends', 'chromium']);
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    'No Chromium found for the browser tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
      'or point CHROME_PATH at a Chrome/Chromium binary, then run `npm test` again.',
  );
  return null;
}
