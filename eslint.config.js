import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const firebaseAuthOnlyInService = {
  name: 'firebase/auth',
  message:
    'Only the Firebase service (src/machines/session/firebase/) talks to Firebase Auth; send events to the machine instead.',
};
const layer = (forbidden, why) => ({ group: forbidden, message: why });

/**
 * The backend's layers, bottom row first (docs/architecture.md, Server layers). A member is a
 * folder or a file under server/; it may import the rows below its own, never a peer in its row nor
 * a row above. `serverTop` may import anything and nothing imports it; no server/ file imports
 * dev/, the development stand-ins (which may import the server's pieces). routeDependencies.ts,
 * the type-only bag app.ts hands every route file, is in no row.
 */
const serverLayers = [
  ['apiFailure.ts', 'withTimeLimit.ts', 'jobs/jobRecord.ts', 'skills'],
  ['errorCodes.ts', 'http', 'db'],
  ['jobQueue.ts', 'auth', 'email', 'jobs', 'cv/cvSummaries.ts'],
  ['config.ts', 'plan'],
  ['profile'],
  ['cv', 'follow', 'matchActions'],
  ['matching'],
  ['alerts'],
  ['push', 'jobs/poll'],
  ['carryOver', 'account'],
];
const serverTop = ['app.ts', 'main.ts', 'cleanup.ts', 'cleanupSchedule.ts'];

/**
 * An import of `member` from anywhere in server/ (or dev/): `../alerts/x`, `../../jobs/poll/y`, or
 * `../poll/y` from inside jobs/; a folder's nested members (jobs/poll in jobs) are their own.
 */
function importOf(member, members) {
  const name = member.replace(/\.ts$/, '');
  const parts = name.split('/');
  const parents = parts
    .slice(0, -1)
    .map((part) => `(?:${part}/)?`)
    .join('');
  const nested = members
    .filter((other) => other.startsWith(`${name}/`))
    .map((other) => other.slice(name.length + 1).replace(/\.ts$/, ''));
  const inside = nested.length === 0 ? '/' : `/(?!(?:${nested.join('|')})(?:/|$))`;
  return `^\\.{1,2}/(?:\\.\\./)*${parents}${parts.at(-1)}(?:$|${inside})`;
}

/** serverLayers as `layering` entries: each member's files, forbidden every member above it. */
function serverLayering() {
  const members = [...serverLayers.flat(), ...serverTop];
  const globOf = (member) => `server/${member.endsWith('.ts') ? member : `${member}/**`}`;
  const noDev = {
    regex: importOf('dev', []),
    message: 'server/ is production code: it never imports dev/, the development stand-ins.',
  };
  const rowOf = (member) => serverLayers.findIndex((row) => row.includes(member));
  const forbid = (member, above) => [
    noDev,
    ...above.map((other) => ({
      regex: importOf(other, members),
      message: `server/${member} may not import server/${other}, which sits ${rowOf(other) === rowOf(member) ? 'beside' : 'above'} it: server layers import downwards only (serverLayers in eslint.config.js).`,
    })),
  ];
  const entries = { 'server/**': [noDev] };
  serverLayers.forEach((row, index) => {
    const above = [...serverLayers.slice(index).flat(), ...serverTop];
    for (const member of row) {
      const others = above.filter((other) => other !== member);
      entries[globOf(member)] = forbid(member, others);
      const nested = members.filter((other) => other.startsWith(`${member}/`));
      layeringIgnores[globOf(member)] = nested.map(globOf);
    }
  });
  return entries;
}

/** Files a `layering` entry leaves to another entry, by the entry's glob. */
const layeringIgnores = { 'src/**': ['src/routes/**', 'src/main.tsx', 'src/entry-*.tsx'] };

/** Imports flow one way: routes -> ui -> machines, meta -> config, paths (docs/architecture.md). */
const layering = {
  'src/**': [layer(['**/routes', '**/routes/**'], 'Nothing imports routes.')],
  'src/ui/**': [layer(['**/routes', '**/routes/**'], 'ui must not import routes.')],
  'src/{machines,meta}/**': [
    layer(
      ['**/routes', '**/routes/**', '**/ui', '**/ui/**'],
      'machines and meta sit below ui and routes.',
    ),
  ],
  // The backend's contract, shared by both sides: it imports neither.
  'contract/**': [
    layer(['**/src/**', '**/server/**', '../*'], 'The contract imports nothing from either side.'),
  ],
  // The bottom layer: everyone may import config and paths; they import nothing from the app.
  'src/{config,paths}.ts': [layer(['./*', './**'], 'config and paths are the bottom layer.')],
  ...serverLayering(),
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'docs', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // fromPromise<void> is XState's idiom for an operation that settles with nothing.
      '@typescript-eslint/no-invalid-void-type': 'off',
      'no-restricted-imports': ['error', { paths: [firebaseAuthOnlyInService] }],
      // Small files that each do one job: the house rule, counted with blanks and comments.
      'max-lines': ['error', { max: 400 }],
    },
  },
  ...Object.entries(layering).map(([files, patterns]) => ({
    files: [files],
    ignores: layeringIgnores[files] ?? [],
    rules: {
      'no-restricted-imports': ['error', { paths: [firebaseAuthOnlyInService], patterns }],
    },
  })),
  // No import circles in the front end or the backend (type-only imports,
  // erased at compile time, are not followed).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts', 'dev/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The Rules of React and hooks (React Compiler checks included) where components and hooks live.
  { ...reactHooks.configs.flat.recommended, files: ['src/**/*.tsx', 'src/ui/**/*.ts'] },
  {
    files: ['src/machines/session/firebase/**', 'test/**', 'scripts/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
