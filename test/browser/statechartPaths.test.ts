import { describePaths } from './paths/pathSuite';

// Issue 4, item 2: the statechart's generated paths in the browser (see paths/pathSuite.ts); those
// of one tab alone run beside these, in statechartPaths.oneTab.test.ts.
describePaths('another tab changes the user');
