/**
 * Finds a Chromium for the browser tests and Lighthouse: CHROME_PATH, then the system's, then
 * Playwright's own cache. On a fresh Debian machine as root it can install Debian's `chromium`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** The flags docs/architecture.md (facts) records for headless Chromium on this closed network. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or point ' +
  'CHROME_PATH at a Chrome/Chromium binary.';

const SYSTEM_BROWSERS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

function playwrightsOwn(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined; // Playwright has not downloaded a browser of its own: not an error here.
  }
}

export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, ...SYSTEM_BROWSERS, playwrightsOwn()];
  return candidates.find((path): path is string => Boolean(path && existsSync(path))) ?? null;
}

/** `findChromium()`, installing Debian's package first where that is possible (root, apt-get). */
export function ensureChromium(): string | null {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return null;
  console.log("No Chromium found: installing Debian's chromium package…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env,
  });
  return findChromium();
}

/** Chromium through Playwright, with the flags above and any `extraArgs`. */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}
