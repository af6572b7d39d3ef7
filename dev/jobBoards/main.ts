import { BASE_URL_SETTINGS } from '../../server/jobs/settings';
import { JOB_SOURCES } from '../../server/jobs/jobRecord';
import { startStandIn } from './standInServer';

/**
 * Runs the offline job-board stand-in alone: `npm run job-boards`.
 * JOB_BOARDS_PORT (default 4010) and JOB_BOARDS_PUBLISH_EVERY_SECONDS (default 120; 0 = never).
 */
const port = Number(process.env.JOB_BOARDS_PORT ?? 4010);
const everySeconds = Number(process.env.JOB_BOARDS_PUBLISH_EVERY_SECONDS ?? 120);
if (!Number.isInteger(port) || port < 0 || port > 65_535)
  throw new Error(`JOB_BOARDS_PORT must be a port number, got ${process.env.JOB_BOARDS_PORT}`);
if (!Number.isFinite(everySeconds) || everySeconds < 0)
  throw new Error('JOB_BOARDS_PUBLISH_EVERY_SECONDS must be 0 or more');

const standIn = await startStandIn({ port, publishEveryMs: everySeconds * 1000 });
const boards = standIn.boards().map((board) => `${board.source}:${board.token}`);
console.log(
  `Job-board stand-in on ${standIn.url}; a new posting every ${everySeconds || '(never)'} s.`,
);
console.log('Point the backend at it with:');
for (const source of JOB_SOURCES) console.log(`  ${BASE_URL_SETTINGS[source]}=${standIn.url}`);
console.log(`  JOB_BOARDS=${boards.join(',')}`);
console.log(
  `Publish one now: curl -X POST ${standIn.url}/__admin/publish -d '{"source":"lever","board":"globex"}'`,
);

const stop = () => {
  standIn.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Stand-in did not close cleanly:', error);
      process.exit(1);
    },
  );
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
