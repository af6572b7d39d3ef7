/**
 * Finds a Chromium: CHROME_PATH, then the system's, then Playwright's own cache. Lighthouse and the
 * session benchmark measure the full browser, as people use it; the browser tests run in Chromium's
 * headless shell where there is one. On a fresh Debian machine as root `npm test` can install it.
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

/** This machine is offline: Google's gapi script fails at once instead of waiting on DNS. */
export const OFFLINE_GOOGLE_FLAG = '--host-resolver-rules=MAP apis.google.com ~NOTFOUND';

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found. Install one (Debian: `sudo apt-get install chromium-headless-shell` for the ' +
  'tests, `chromium` for Lighthouse and the benchmarks) or point CHROME_PATH at a Chrome/Chromium ' +
  'binary.';

/**
 * Chromium's headless shell (its old headless mode, the one Playwright runs headless tests in):
 * the same engine without the full browser's windowing layers. The browser test files take about
 * 60 % of the full browser's time in it on 2 cores (docs/architecture.md, facts).
 */
const HEADLESS_SHELLS = ['/usr/bin/chromium-headless-shell'];
const HEADLESS_SHELL_PACKAGE = 'chromium-headless-shell';

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

/** The browser tests' Chromium: CHROME_PATH, then the headless shell, then `findChromium()`. */
export function findTestChromium(): string | null {
  const shell = [process.env.CHROME_PATH, ...HEADLESS_SHELLS].find((path): path is string =>
    Boolean(path && existsSync(path)),
  );
  return shell ?? findChromium();
}

/**
 * `findTestChromium()`, installing Debian's headless shell first where that is possible (root,
 * apt-get) and no Chromium is there at all.
 */
export function ensureTestChromium(): string | null {
  const found = findTestChromium();
  if (found) return found;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return null;
  console.log(`No Chromium found: installing Debian's ${HEADLESS_SHELL_PACKAGE} package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '--no-install-recommends', HEADLESS_SHELL_PACKAGE], {
    stdio: 'inherit',
    env,
  });
  return findTestChromium();
}

/** Chromium through Playwright, with the flags above and any `extraArgs`. */
export function launchChromium(
  extraArgs: readonly string[] = [],
  executablePath: string | null = findChromium(),
): Promise<Browser> {
  if (!executablePath) throw new Error(NO_CHROMIUM_MESSAGE);
  return chromium.launch({ executablePath, args: [...CHROMIUM_FLAGS, ...extraArgs] });
}

/** The browser tests' Chromium through Playwright (`findTestChromium()`). */
export function launchTestChromium(): Promise<Browser> {
  return launchChromium([], findTestChromium());
}

/**
 * The full Chromium (its new headless mode) even where CHROME_PATH names the headless shell: the
 * shell denies the notification permission, so tests that show notifications need this one.
 */
export function launchFullChromium(): Promise<Browser> {
  const full = [...SYSTEM_BROWSERS, playwrightsOwn()].find((path): path is string =>
    Boolean(path && existsSync(path) && !HEADLESS_SHELLS.includes(path)),
  );
  return launchChromium([], full ?? null);
}
