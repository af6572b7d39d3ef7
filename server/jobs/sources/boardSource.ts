import type { BoardRef } from '../jobRecord';
import type { BoardAnswer } from './boardResult';
import type { Validator } from './validator';

export interface FetchBoardOptions {
  /** The API's base URL: the real API, or the stand-in's address. */
  readonly baseUrl: string;
  /** Time limit for the whole board, all pages included. */
  readonly timeoutMs?: number;
  /** When we saw the postings (first-seen time); the clock, injectable for tests. */
  readonly now?: () => Date;
  /**
   * The validator of the board's last good answer, sent to ask for it only if it changed. Only
   * connectors that read a board in one request send it; the others ignore it.
   */
  readonly validator?: Validator;
}

export const DEFAULT_BOARD_TIMEOUT_MS = 20_000;

export type FetchBoard = (board: BoardRef, options: FetchBoardOptions) => Promise<BoardAnswer>;

/** "https://x/" + "/v1/boards" -> "https://x/v1/boards", whatever the slashes. */
export const joinUrl = (baseUrl: string, path: string): string =>
  `${baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl}${path}`;

/** A company name for a board token when the API gives none: "acme-robotics" -> "Acme Robotics". */
export const companyFromToken = (token: string): string =>
  token
    .split(/[-_]/)
    .filter((part) => part !== '')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');
