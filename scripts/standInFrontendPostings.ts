import type { BoardRef } from '../server/jobs/jobRecord';
import type { StandIn } from '../dev/jobBoards/standInServer';

/** The board a benchmark's backend polls; the stand-in's other roles go to `FILLER`. */
export const POLLED: BoardRef = { source: 'lever', token: 'globex' };
/** Takes the stand-in's turns for the roles the seeker does not want; nobody polls it. */
export const FILLER: BoardRef = { source: 'greenhouse', token: 'acme' };

/** The stand-in's role just before its frontend one: it invents its roles in turn. */
const ROLE_BEFORE_FRONTEND = 'Senior Software Engineer, Platform';

export interface Published {
  title: string;
  at: number;
}

/** Publishes the next frontend posting on the polled board (the other roles on the filler). */
export function publishFrontend(standIn: StandIn): Published {
  for (let turn = 0; turn < 10; turn += 1) {
    if (!standIn.publish(FILLER).title.startsWith(ROLE_BEFORE_FRONTEND)) continue;
    const published = standIn.publish(POLLED);
    if (!published.title.startsWith('Frontend Engineer')) break;
    return { title: published.title, at: Date.now() };
  }
  throw new Error('The stand-in did not come to its frontend role.');
}
