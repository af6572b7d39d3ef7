/** The user the Firebase SDK persisted in IndexedDB, which every tab of a browser shares. */
import type { Page } from 'playwright-core';

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

/**
 * Another tab's sign-out as every tab's SDK sees it: the user is gone from the shared IndexedDB
 * (what the signing-out tab's SDK deletes). This tab's SDK notices on its next storage poll.
 */
export function removePersistedUser(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('firebaseLocalStorageDb');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const store = db
            .transaction('firebaseLocalStorage', 'readwrite')
            .objectStore('firebaseLocalStorage');
          const reading = store.getAllKeys();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            const keys = reading.result.filter(
              (key) => typeof key === 'string' && key.startsWith('firebase:authUser:'),
            );
            for (const key of keys) store.delete(key);
            store.transaction.oncomplete = () => {
              db.close();
              resolve();
            };
            store.transaction.onerror = () => reject(store.transaction.error);
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
