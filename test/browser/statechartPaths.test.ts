import { describePathPart } from './paths/pathSuite';

// Issue 4, item 2: the statechart's generated paths in the browser (see paths/pathSuite.ts).
describePathPart(0);
