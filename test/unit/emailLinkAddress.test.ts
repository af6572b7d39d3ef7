import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  memoryEmailLinkAddressStore,
  storageEmailLinkAddressStore,
} from '../../src/machines/session/emailLinkAddress';

/** A Storage in memory, as the browser's localStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const ADA = { email: 'ada@example.com', existingAccount: false };

afterEach(() => vi.restoreAllMocks());

describe('the address a sign-in link went to', () => {
  it('is remembered in memory until cleared', () => {
    const store = memoryEmailLinkAddressStore();
    expect(store.read()).toBeNull();
    store.write(ADA);
    expect(store.read()).toEqual(ADA);
    store.clear();
    expect(store.read()).toBeNull();
  });

  it('is kept in storage, so another tab of this browser (the e-mail opened there) reads it', () => {
    const storage = memoryStorage();
    storageEmailLinkAddressStore(() => storage).write({ ...ADA, existingAccount: true });
    expect(storageEmailLinkAddressStore(() => storage).read()).toEqual({
      ...ADA,
      existingAccount: true,
    });
  });

  it('ignores a stored value it did not write', () => {
    const storage = memoryStorage();
    const store = storageEmailLinkAddressStore(() => storage);
    store.write(ADA);
    const [key] = [storage.key(0)];
    storage.setItem(key!, '{not json');
    expect(store.read()).toBeNull();
    storage.setItem(key!, JSON.stringify({ email: 42 }));
    expect(store.read()).toBeNull();
  });

  it('falls back to memory, saying so once, when the browser blocks storage', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = storageEmailLinkAddressStore(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    store.write(ADA);
    expect(store.read()).toEqual(ADA);
    store.clear();
    expect(store.read()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
