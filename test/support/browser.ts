import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { CHROMIUM_FLAGS, findChromium, NO_CHROMIUM_MESSAGE } from '../../scripts/chromium';

export { CHROMIUM_FLAGS };

export function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(`${NO_CHROMIUM_MESSAGE} Then run the browser tests again.`);
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS });
}

/**
 * Known, harmless console errors: the Auth Emulator does not implement the password-policy
 * endpoint (HTTP 501, docs/architecture.md, facts), the app falls back to its default policy, and
 * Chromium logs the failed request.
 */
function isKnownEmulatorGap(message: ConsoleMessage): boolean {
  return (
    message
      .text()
      .startsWith('Failed to load resource: the server responded with a status of 501') &&
    /\/v2\/(passwordPolicy|recaptchaConfig)\b/.test(message.location().url)
  );
}

/** Every console error and uncaught exception of `page`, as readable lines. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isKnownEmulatorGap(message)) {
      errors.push(`${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`));
  return errors;
}

export interface PersistedUser {
  uid: string;
  isAnonymous: boolean;
  email: string | null;
}

/** The user the Firebase SDK persisted in IndexedDB (`firebaseLocalStorageDb`), or null. */
export function readPersistedUser(page: Page): Promise<PersistedUser | null> {
  return page.evaluate(
    () =>
      new Promise<PersistedUser | null>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains('firebaseLocalStorage')) {
            db.close();
            resolve(null);
            return;
          }
          const reading = db
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            db.close();
            const entries = reading.result as Array<{ fbase_key: string; value: PersistedUser }>;
            const entry = entries.find((candidate) =>
              candidate.fbase_key.startsWith('firebase:authUser:'),
            );
            resolve(
              entry
                ? {
                    uid: entry.value.uid,
                    isAnonymous: entry.value.isAnonymous,
                    email: entry.value.email,
                  }
                : null,
            );
          };
        };
      }),
  );
}

/** Waits until the persisted user satisfies `accept`, and returns it. */
export async function waitForPersistedUser(
  page: Page,
  accept: (user: PersistedUser) => boolean,
  timeoutMs = 15_000,
): Promise<PersistedUser> {
  const deadline = Date.now() + timeoutMs;
  let last: PersistedUser | null = null;
  while (Date.now() < deadline) {
    last = await readPersistedUser(page);
    if (last && accept(last)) return last;
    await page.waitForTimeout(200);
  }
  throw new Error(
    `The persisted user never became what the test waited for; last: ${JSON.stringify(last)}`,
  );
}
