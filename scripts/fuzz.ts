// `npm run fuzz -- --sequences 100000 --seed 42`: the session fuzzer of test/machine/sessionFuzz.ts
// with more sequences than `npm test` runs. A failure prints the shortest sequence that fails.
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { emptyStats, sessionRulesHold } from '../test/machine/sessionFuzz';

const { values } = parseArgs({
  options: {
    sequences: { type: 'string', default: '10000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
  },
});
const sequences = Number(values.sequences);
const seed = Number(values.seed);
if (!Number.isInteger(sequences) || sequences < 1 || !Number.isInteger(seed)) {
  console.error('Usage: npm run fuzz -- --sequences <count> --seed <integer>');
  process.exit(2);
}

// "Show and log" failures log on purpose; the report below is what matters.
console.error = () => undefined;
const stats = emptyStats();
const started = performance.now();
const result = await fc.check(sessionRulesHold(stats), { numRuns: sequences, seed });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `session fuzz, seed ${seed}: ${stats.sequences} sequences, ${stats.steps} steps, ` +
    `${stats.states.size} states and ${stats.transitions.size} transitions visited, ` +
    `${stats.registeredElsewhere} with a guest registered in another tab first, ${seconds} s`,
);
if (result.failed) {
  console.log(fc.defaultReportMessage(result));
  process.exit(1);
}
console.log('0 violations');
