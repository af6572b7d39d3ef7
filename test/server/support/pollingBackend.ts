import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../server/config';
import { postingsToAlert } from '../../../server/alerts/createAlerts';
import type { BoardRef } from '../../../server/jobs/jobRecord';
import type { PublishedPosting } from '../../../dev/jobBoards/standInServer';
import { eventually } from './alertEmails';
import { LogCapture, startBackend, type DatabaseName } from './backend';
import { startStandInBoards, type StandInBoards } from './standInBoards';

export interface PollingBackend {
  readonly app: FastifyInstance;
  readonly logs: LogCapture;
  readonly jobBoards: StandInBoards<'globex'>;
  /** The stand-in's recorded Lever board the backend polls every second. */
  readonly board: BoardRef;
  /** Publishes postings on the board until the stand-in's turn comes to the frontend role. */
  readonly publishTheFrontendRole: () => PublishedPosting;
  readonly close: () => Promise<void>;
}

/**
 * A backend polling one stand-in board every second, its first poll done and that poll's round of
 * alerts made: the board's recorded postings, and any the file's database holds from earlier tests,
 * are alerted to nobody, so only what is published later alerts a user made from here on. (The poll
 * is logged before its round runs.)
 */
export async function startPollingBackend(
  database: DatabaseName,
  config: Partial<ServerConfig> = {},
): Promise<PollingBackend> {
  const logs = new LogCapture();
  const jobBoards = await startStandInBoards({ globex: { source: 'lever', fixture: 'globex' } });
  const board = jobBoards.boards.globex;
  const app = await startBackend(database, {
    logStream: logs,
    config: {
      jobBoards: [board],
      jobSourceUrls: jobBoards.baseUrls,
      jobPollIntervalSeconds: 1,
      jobBoardTimeoutMs: 2_000,
      ...config,
    },
  });
  await eventually(
    () => (logs.linesWith('job board polled').length > 0 ? true : undefined),
    20_000,
    'the first poll',
  );
  await eventually(
    async () => ((await postingsToAlert(app.db)).length === 0 ? true : undefined),
    20_000,
    'the first round of alerts',
  );
  return {
    app,
    logs,
    jobBoards,
    board,
    publishTheFrontendRole: () => {
      for (let turn = 0; turn < 20; turn += 1) {
        const published = jobBoards.standIn.publish(board);
        if (published.title.startsWith('Frontend Engineer')) return published;
      }
      throw new Error('the stand-in never published its frontend role');
    },
    close: async () => {
      await app.close();
      await jobBoards.close();
    },
  };
}
