/**
 * The user the Firebase SDK persisted in IndexedDB, read straight from the database every tab of
 * the browser shares, without going through this tab's Auth instance (whose copy may be stale).
 */

/** What the guard needs of the persisted user. */
export interface PersistedIdentity {
  uid: string;
  isAnonymous: boolean;
}

/** Where `indexedDBLocalPersistence` keeps its entries (@firebase/auth, `DB_NAME`, `DB_OBJECTSTORE_NAME`). */
export const PERSISTENCE_DATABASE = 'firebaseLocalStorageDb';
export const PERSISTENCE_STORE = 'firebaseLocalStorage';
const READ_LIMIT_MS = 2_000;

/** The Firebase app's name when it is made without one, as the app makes it. */
export const DEFAULT_APP_NAME = '[DEFAULT]';

/** The SDK's key for an app's current user: `firebase:authUser:<apiKey>:<appName>`. */
export function persistedUserKey(apiKey: string, appName: string): string {
  return `firebase:authUser:${apiKey}:${appName}`;
}

function identityOf(value: unknown): PersistedIdentity | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uid, isAnonymous } = value as Record<string, unknown>;
  return typeof uid === 'string' && typeof isAnonymous === 'boolean' ? { uid, isAnonymous } : null;
}

/**
 * The SDK's entry under `key`, or null when there is none, the database can't be read, or it
 * takes longer than two seconds (the caller then acts as if nothing were persisted).
 */
function readPersistedUser(key: string): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => settle(null), READ_LIMIT_MS);
    let settled = false;
    function settle(value: unknown): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(value);
    }

    const opening = indexedDB.open(PERSISTENCE_DATABASE);
    // A database that doesn't exist yet must not be created here (empty, it would confuse the SDK).
    opening.onupgradeneeded = () => opening.transaction?.abort();
    opening.onerror = () => settle(null);
    opening.onblocked = () => settle(null);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains(PERSISTENCE_STORE)) {
        db.close();
        settle(null);
        return;
      }
      const reading = db
        .transaction(PERSISTENCE_STORE, 'readonly')
        .objectStore(PERSISTENCE_STORE)
        .get(key);
      reading.onerror = () => {
        db.close();
        settle(null);
      };
      reading.onsuccess = () => {
        db.close();
        const entry: unknown = reading.result;
        settle(
          typeof entry === 'object' && entry !== null && 'value' in entry ? entry.value : null,
        );
      };
    };
  });
}

/** The persisted user's identity under `key`, or null (see `readPersistedUser`). */
export async function readPersistedIdentity(key: string): Promise<PersistedIdentity | null> {
  return identityOf(await readPersistedUser(key));
}

/** The ID token the SDK persisted with its user, and when it expires. */
export interface PersistedToken {
  token: string;
  expiresAt: number;
}

/**
 * The persisted user's ID token under `key`, or null (see `readPersistedUser`). The SDK hands out
 * this same token until shortly before it expires, so a request made with it is the user's.
 */
export async function readPersistedToken(key: string): Promise<PersistedToken | null> {
  const value = await readPersistedUser(key);
  if (typeof value !== 'object' || value === null || !('stsTokenManager' in value)) return null;
  const manager = value.stsTokenManager;
  if (typeof manager !== 'object' || manager === null) return null;
  const { accessToken, expirationTime } = manager as Record<string, unknown>;
  return typeof accessToken === 'string' && typeof expirationTime === 'number'
    ? { token: accessToken, expiresAt: expirationTime }
    : null;
}
