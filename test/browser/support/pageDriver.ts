/**
 * The one page driver every browser test imports: what a person does in the app and what the page
 * shows them, written once. Each part does one job:
 * - ./page/forms.ts: buttons pressed as a person would, the login, profile and account forms;
 * - ./page/navigation.ts: where the tab is, in-app links;
 * - ./page/quietNetwork.ts: a page's requests counted, and the wait for a quiet network;
 * - ./page/tabs.ts: a page with its console errors, a second tab, another tab's change seen;
 * - ./page/assertions.ts: the header's session word, alert and status texts;
 * - ./page/persistedUser.ts: the user the SDK persisted in IndexedDB;
 * - ./page/network.ts: requests held, then released, dropped or refused.
 */
export * from './page/assertions';
export * from './page/forms';
export * from './page/navigation';
export * from './page/network';
export * from './page/persistedUser';
export * from './page/quietNetwork';
export * from './page/tabs';
