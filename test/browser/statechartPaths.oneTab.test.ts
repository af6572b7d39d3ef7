import { describePaths } from './paths/pathSuite';

// The statechart's generated paths of one tab alone, beside statechartPaths.test.ts.
describePaths('this tab alone');
