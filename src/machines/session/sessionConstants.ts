/**
 * DESIGN.md section 6. The first block is what the app owns. Everything in `SDK_OWNED_TIMINGS` is the
 * Firebase Auth SDK's own behaviour: the app relies on it and must not re-implement it.
 */

/** The provider's minimum when it has no password policy. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 6;

export const COPYRIGHT_YEAR = 2024;

/** Always show Google's account chooser, so a shared computer never signs in the last account silently. */
export const GOOGLE_CUSTOM_PARAMETERS: Readonly<{ prompt: 'select_account' }> =
  /* @__PURE__ */ Object.freeze({
    prompt: 'select_account',
  });

/**
 * The app's outer guard on every session operation. Just over the SDK's own long request timeout
 * (60 s), so the SDK's `network-request-failed` normally wins and this only catches a hang.
 */
export const OPERATION_TIMEOUT_MS = 65_000;

/** How long to wait for the browser to leave for the provider's sign-in page before giving up. */
export const REDIRECT_START_TIMEOUT_MS = 30_000;

export interface SdkOwnedTiming {
  /** The behaviour, in words. */
  readonly name: string;
  /** In `unit`. A pair is the SDK's `Delay(short, long)`: short on desktop browsers, long on mobile. */
  readonly value: number | readonly [short: number, long: number];
  readonly unit: 'ms' | 's' | 'px' | 'retries';
  /** As written in the SDK source: `NAME` for a constant, `Enum.MEMBER` for a const enum member. */
  readonly identifier: string;
  /**
   * The SDK source file that declares it, as named by the source map of the package's browser
   * build (`@firebase/auth/dist/esm/index-*.js.map`, which embeds the sources). Exported ones are
   * also declared in `@firebase/auth/dist/<same path>.d.ts`. npm may install the package under
   * `node_modules/firebase/node_modules/@firebase/auth`.
   */
  readonly sourceFile: string;
}

/** Checked against the installed SDK by test/unit/sessionConstants.test.ts. */
export const SDK_OWNED_TIMINGS: readonly SdkOwnedTiming[] = /* @__PURE__ */ Object.freeze([
  {
    name: 'Request timeout (short / long)',
    value: [30_000, 60_000],
    unit: 'ms',
    identifier: 'DEFAULT_API_TIMEOUT_MS',
    sourceFile: 'src/api/index.ts',
  },
  {
    name: 'Proactive token refresh, before expiry',
    value: 300_000,
    unit: 'ms',
    identifier: 'Duration.OFFSET',
    sourceFile: 'src/core/user/proactive_refresh.ts',
  },
  {
    name: 'A token counts as expired this early',
    value: 30_000,
    unit: 'ms',
    identifier: 'Buffer.TOKEN_REFRESH',
    sourceFile: 'src/core/user/token_manager.ts',
  },
  {
    name: 'Token refresh retry back-off, first (then doubling)',
    value: 30_000,
    unit: 'ms',
    identifier: 'Duration.RETRY_BACKOFF_MIN',
    sourceFile: 'src/core/user/proactive_refresh.ts',
  },
  {
    name: 'Token refresh retry back-off, maximum',
    value: 960_000,
    unit: 'ms',
    identifier: 'Duration.RETRY_BACKOFF_MAX',
    sourceFile: 'src/core/user/proactive_refresh.ts',
  },
  {
    name: 'Popup width',
    value: 500,
    unit: 'px',
    identifier: 'DEFAULT_WIDTH',
    sourceFile: 'src/platform_browser/util/popup.ts',
  },
  {
    name: 'Popup height',
    value: 600,
    unit: 'px',
    identifier: 'DEFAULT_HEIGHT',
    sourceFile: 'src/platform_browser/util/popup.ts',
  },
  {
    name: 'Popup-closed polling (short / long)',
    value: [2_000, 10_000],
    unit: 'ms',
    identifier: '_POLL_WINDOW_CLOSE_TIMEOUT',
    sourceFile: 'src/platform_browser/strategies/popup.ts',
  },
  {
    name: 'Popup close confirmed (popup-closed-by-user) after',
    value: 8_000,
    unit: 'ms',
    identifier: '_Timeout.AUTH_EVENT',
    sourceFile: 'src/platform_browser/strategies/popup.ts',
  },
  {
    name: 'Local storage polling (when storage events are unreliable)',
    value: 1_000,
    unit: 'ms',
    identifier: '_POLLING_INTERVAL_MS',
    sourceFile: 'src/platform_browser/persistence/local_storage.ts',
  },
  {
    name: 'IndexedDB polling',
    value: 800,
    unit: 'ms',
    identifier: '_POLLING_INTERVAL_MS',
    sourceFile: 'src/platform_browser/persistence/indexed_db.ts',
  },
  {
    name: 'IndexedDB transaction retries',
    value: 3,
    unit: 'retries',
    identifier: '_TRANSACTION_RETRY_COUNT',
    sourceFile: 'src/platform_browser/persistence/indexed_db.ts',
  },
  {
    name: 'Token-sync (authTokenSyncURL) maximum ID token age',
    value: 300,
    unit: 's',
    identifier: 'DEFAULT_ID_TOKEN_MAX_AGE',
    sourceFile: 'src/platform_browser/index.ts',
  },
  {
    name: 'Redirect/popup events remembered (duplicate suppression) for',
    value: 600_000,
    unit: 'ms',
    identifier: 'EVENT_DUPLICATION_CACHE_DURATION_MS',
    sourceFile: 'src/core/auth/auth_event_manager.ts',
  },
] satisfies SdkOwnedTiming[]);
