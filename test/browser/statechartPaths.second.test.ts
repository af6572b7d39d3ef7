import { describePathPart } from './paths/pathSuite';

// Issue 4, item 2: the statechart's generated paths in the browser (half of them; see pathSuite.ts).
describePathPart(1);
