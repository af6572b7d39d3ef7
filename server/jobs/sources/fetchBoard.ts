import type { JobSource } from '../jobRecord';
import { fetchAshbyBoard } from './ashby';
import type { FetchBoard } from './boardSource';
import { fetchGreenhouseBoard } from './greenhouse';
import { fetchLeverBoard } from './lever';

/** The connector for each source. */
export const BOARD_FETCHERS: Readonly<Record<JobSource, FetchBoard>> = {
  greenhouse: fetchGreenhouseBoard,
  lever: fetchLeverBoard,
  ashby: fetchAshbyBoard,
};
