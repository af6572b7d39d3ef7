/** What the benchmarks read in the app's pages. */

/** The header's session link once the session is known (src/ui/shell/AccountLink.tsx). */
export const HEADER_KNOWN = 'header a.account-link:not([data-session-kind="unknown"])';
