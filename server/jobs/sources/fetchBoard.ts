import type { JobSource } from '../jobRecord';
import { fetchAshbyBoard } from './ashby';
import type { FetchBoard } from './boardSource';
import { fetchGreenhouseBoard } from './greenhouse';
import { fetchLeverBoard } from './lever';

/** Stands for a connector not written yet: the board is never read. */
const notConnectedYet: FetchBoard = () =>
  Promise.resolve({ ok: false, failure: { kind: 'http-error', status: 501 } });

/** The connector for each source. */
export const BOARD_FETCHERS: Readonly<Record<JobSource, FetchBoard>> = {
  greenhouse: fetchGreenhouseBoard,
  lever: fetchLeverBoard,
  ashby: fetchAshbyBoard,
  workable: notConnectedYet,
  smartrecruiters: notConnectedYet,
  recruitee: notConnectedYet,
};
