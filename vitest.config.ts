import { relative, sep } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Longest kinds of file first, so the two workers end together: the browser statechart paths (the
 * longest files by far, one per worker), the other browser files, the server's, the components',
 * then the rest.
 * Within a kind, Vitest's own order: by the last run's timings, else by file size. Vitest alone
 * orders by file size on a fresh clone, which has no timings, and long browser files then start
 * last (docs/architecture.md, Tests).
 */
const LONGEST_KINDS_FIRST = [
  'test/browser/statechartPaths.',
  'test/browser/',
  'test/server/',
  'test/components/',
];

class LongestKindsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const kindOf = (file: TestSpecification) => {
      const path = relative(this.ctx.config.root, file.moduleId).split(sep).join('/');
      const kind = LONGEST_KINDS_FIRST.findIndex((prefix) => path.startsWith(prefix));
      return kind === -1 ? LONGEST_KINDS_FIRST.length : kind;
    };
    // A stable sort: Vitest's order stays within each kind.
    return sorted.sort((a, b) => kindOf(a) - kindOf(b));
  }
}

/**
 * Component files that render on the server as well as in the DOM, or mock a module: each needs a
 * module graph of its own. React's development build reports two renderers of one context when a
 * server render and a client render meet in one module graph, and a `vi.mock` does not reach a
 * module another file already loaded.
 */
const COMPONENTS_NEEDING_ISOLATION = [
  'test/components/AccountLink.test.tsx',
  'test/components/AccountPage.test.tsx',
  'test/components/PlanButton.test.tsx',
  'test/components/SessionProvider.test.tsx',
  'test/components/hydration.test.tsx',
  // Loads the chip input's module afresh, held back by its mock: no other file may have loaded it.
  'test/components/ListField.test.tsx',
  'test/components/sessionRuntimeStart.test.tsx',
];

/**
 * Test levels (docs/architecture.md, Tests). `npm test` runs them all inside one Auth Emulator
 * (`firebase emulators:exec`), in two groups: unit, components, server and browser together (they
 * share no state: fakes, jsdom, and accounts and databases of their own), the browser statechart
 * paths first; then the integration tests alone, one file at a time (they clear the emulator's
 * accounts and switch its e-mail privacy). Two files run at once (the machine has two cores;
 * Vitest's default would be one), except where a level says not.
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    sequence: { sequencer: LongestKindsFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts', 'test/machine/**/*.test.ts'],
          environment: 'node',
          // Pure functions and machines with fakes: one module graph per worker, not per file
          // (about a third of the project's CPU time).
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'components',
          include: ['test/components/**/*.test.tsx'],
          exclude: COMPONENTS_NEEDING_ISOLATION,
          environment: 'jsdom',
          // One module graph and one jsdom per worker, not per file; each file starts from empty
          // storage and an empty document (setupComponentFile.ts).
          isolate: false,
          setupFiles: ['test/components/setupComponentFile.ts'],
          // Typing with user-event takes seconds when the server tests load both cores beside it.
          testTimeout: 15_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'components-isolated',
          include: COMPONENTS_NEEDING_ISOLATION,
          environment: 'jsdom',
          testTimeout: 15_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          globalSetup: ['test/server/globalSetup.ts'],
          setupFiles: ['test/support/oneRequestPerConnection.ts'],
          environment: 'node',
          // One module graph per worker (the server's imports are about a third of the project's
          // CPU time); each file has a PostgreSQL database of its own (support/backend.ts).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: ['test/browser/globalSetup.ts'],
          setupFiles: ['test/support/oneRequestPerConnection.ts'],
          environment: 'node',
          // Each file has its own browser contexts and accounts; two Chromiums at once fit 2 cores.
          // One module graph per worker (Playwright, Firebase and the app's modules load once).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page condition gets the time Playwright's own waits get (`context.setDefaultTimeout`),
          // not Vitest's one second, which a busy machine can miss.
          expect: { poll: { timeout: 15_000 } },
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
