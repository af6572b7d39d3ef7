import { bench, describe } from 'vitest';
import { htmlToText } from '../../server/jobs/normalise/htmlToText';
import { findSkills } from '../../server/skills/skillVocabulary';

/**
 * Throughput of the text paths on 5 MB, the CV upload limit: `npx vitest bench --run --project unit test/bench`.
 * Target: each under 2 s on one core of the shared machine (docs/architecture.md keeps the figures).
 */
const paragraph =
  'We build payments infrastructure with Go, PostgreSQL and Kubernetes on AWS. You will work with ' +
  'React and TypeScript, own CI/CD, and mentor engineers. Benefits include health insurance. ';
const fiveMb = (unit: string) => unit.repeat(Math.ceil(5_000_000 / unit.length));
const text = fiveMb(paragraph);
const html = fiveMb(`<p>${paragraph}</p><ul><li>Node.js &amp; Redis</li></ul>`);

describe('5 MB', () => {
  bench(
    'findSkills',
    () => {
      findSkills(text);
    },
    { iterations: 5 },
  );

  bench(
    'htmlToText',
    () => {
      htmlToText(html);
    },
    { iterations: 5 },
  );
});
