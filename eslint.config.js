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
    },
  },
  ...Object.entries(layering).map(([files, patterns]) => ({
    files: [files],
    ignores: files === 'src/**' ? ['src/routes/**', 'src/main.tsx', 'src/entry-*.tsx'] : [],
    rules: {
      'no-restricted-imports': ['error', { paths: [firebaseAuthOnlyInService], patterns }],
    },
  })),
  // No import circles in the front end or the backend (type-only imports,
  // erased at compile time, are not followed).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'contract/**/*.ts'],
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
