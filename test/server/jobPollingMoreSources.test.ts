import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../../server/db/schema';
import type { BoardRef } from '../../server/jobs/jobRecord';
import { DATABASES, startBackend } from './support/backend';
import { startStandInBoards, type StandInBoards } from './support/standInBoards';

const BOARDS = {
  workable: { source: 'workable', fixture: 'zego' },
  smartRecruiters: { source: 'smartrecruiters', fixture: 'Vitol' },
  recruitee: { source: 'recruitee', fixture: 'channable' },
} as const;
type BoardName = keyof typeof BOARDS;

const WAIT = { timeout: 10_000, interval: 100 };

describe.each(DATABASES)('polling Workable, SmartRecruiters and Recruitee on %s', (database) => {
  let app: FastifyInstance;
  let stand: StandInBoards<BoardName>;

  beforeAll(async () => {
    stand = await startStandInBoards(BOARDS);
    app = await startBackend(database, {
      config: {
        jobBoards: Object.values(stand.boards),
        jobSourceUrls: stand.baseUrls,
        jobPollIntervalSeconds: 1,
        jobBoardTimeoutMs: 5_000,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await stand.close();
  });

  const rowsOf = (board: BoardRef) =>
    app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.source, board.source), eq(jobs.board, board.token)));

  it('stores every posting, SmartRecruiters ones with the description from their details', async () => {
    await vi.waitFor(async () => {
      expect(await rowsOf(stand.boards.workable)).toHaveLength(2);
      expect(await rowsOf(stand.boards.recruitee)).toHaveLength(1);
      const vitol = await rowsOf(stand.boards.smartRecruiters);
      expect(vitol).toHaveLength(5);
      const platform = vitol.find((row) => row.externalId === '744000133666057');
      expect(platform?.description).toContain('Cloud & Platform Engineering team');
    }, WAIT);
  });

  it('stores a SmartRecruiters posting the stand-in publishes on the next poll', async () => {
    const published = stand.standIn.publish(stand.boards.smartRecruiters);
    await vi.waitFor(async () => {
      const rows = await rowsOf(stand.boards.smartRecruiters);
      const fresh = rows.find((row) => row.externalId === published.id);
      expect(fresh?.description).toContain('Stack');
    }, WAIT);
  });
});
