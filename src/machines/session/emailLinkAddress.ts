/**
 * The address a sign-in link was e-mailed to, remembered on this device only: opening the link
 * here completes at once, while another device must ask for the address (it is never read from
 * the link, so a forwarded link alone signs nobody in).
 */
export interface EmailLinkAddress {
  email: string;
  /**
   * The address turned out to have an account (linking it to the guest was refused), so the
   * next link signs in to that account instead.
   */
  existingAccount: boolean;
}

export interface EmailLinkAddressStore {
  read(): EmailLinkAddress | null;
  write(address: EmailLinkAddress): void;
  clear(): void;
}

const STORAGE_KEY = 'applyfirst.emailLinkAddress';

function isEmailLinkAddress(value: unknown): value is EmailLinkAddress {
  return (
    typeof value === 'object' &&
    value !== null &&
    'email' in value &&
    typeof value.email === 'string' &&
    'existingAccount' in value &&
    typeof value.existingAccount === 'boolean'
  );
}

/** What was stored, if it is an address this module wrote (anything else is ignored). */
function parsed(stored: string): EmailLinkAddress | null {
  try {
    const value: unknown = JSON.parse(stored);
    return isEmailLinkAddress(value) ? value : null;
  } catch {
    // Not this module's (hand-edited, or another version's): as if nothing was remembered.
    return null;
  }
}

/** For one page's life (tests, or a browser that blocks storage). */
export function memoryEmailLinkAddressStore(): EmailLinkAddressStore {
  let remembered: EmailLinkAddress | null = null;
  return {
    read: () => remembered,
    write: (address) => {
      remembered = address;
    },
    clear: () => {
      remembered = null;
    },
  };
}

/**
 * In the browser's localStorage, so the link works from the e-mail opened in another tab. Storage
 * that fails (blocked: even reading `localStorage` throws then; full) is said once, then memory
 * is used.
 */
export function storageEmailLinkAddressStore(storageOf: () => Storage): EmailLinkAddressStore {
  const fallback = memoryEmailLinkAddressStore();
  let usable = true;
  function attempt<T>(work: () => T, otherwise: () => T): T {
    if (!usable) return otherwise();
    try {
      return work();
    } catch (error) {
      usable = false;
      console.warn('[session] This browser does not keep the sign-in address:', String(error));
      return otherwise();
    }
  }
  return {
    read: () => {
      const stored = attempt(
        () => storageOf().getItem(STORAGE_KEY),
        () => null,
      );
      if (stored === null) return fallback.read();
      return parsed(stored);
    },
    write: (address) =>
      attempt(
        () => storageOf().setItem(STORAGE_KEY, JSON.stringify(address)),
        () => fallback.write(address),
      ),
    clear: () => attempt(() => storageOf().removeItem(STORAGE_KEY), fallback.clear),
  };
}
