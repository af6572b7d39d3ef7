import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser statechart paths take longer than every other browser file: started first, the two
 * workers end together. Vitest's own order (by the last run's timings, else by file size) would
 * start this small file last on a fresh clone, which has no timings.
 */
const LONGEST_FILES = ['test/browser/statechartPaths.test.ts'];

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLongest = (file: TestSpecification) =>
      LONGEST_FILES.some((path) => file.moduleId.endsWith(path));
    return [...sorted.filter(isLongest), ...sorted.filter((file) => !isLongest(file))];
  }
}

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
    sequence: { sequencer: LongestFirstSequencer },
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
          environment: 'jsdom',
          // Typing with user-event takes seconds when the server tests load both cores beside it.
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
          environment: 'node',
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
          environment: 'node',
          // Each file has its own browser contexts and accounts; two Chromiums at once fit 2 cores.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
