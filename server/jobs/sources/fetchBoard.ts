import type { JobSource } from '../jobRecord';
import { fetchAshbyBoard } from './ashby';
import type { FetchBoard } from './boardSource';
import { fetchGreenhouseBoard } from './greenhouse';
import { fetchLeverBoard } from './lever';
import { fetchRecruiteeBoard } from './recruitee';
import { fetchSmartRecruitersBoard } from './smartrecruiters';
import { fetchWorkableBoard } from './workable';

/** The connector for each source. */
export const BOARD_FETCHERS: Readonly<Record<JobSource, FetchBoard>> = {
  greenhouse: fetchGreenhouseBoard,
  lever: fetchLeverBoard,
  ashby: fetchAshbyBoard,
  workable: fetchWorkableBoard,
  smartrecruiters: fetchSmartRecruitersBoard,
  recruitee: fetchRecruiteeBoard,
};
