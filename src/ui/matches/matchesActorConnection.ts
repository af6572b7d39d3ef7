import type { matchesMachine } from '../../machines/matches/matchesMachine';
import { connectActor } from '../machineView/connectActor';
import type { MatchesConnection } from './matchesStore';
import { toMatchesView } from './matchesView';

/** The only place a matches actor is created (its actor provided with `.provide`). */
export function connectMatchesActor(logic: typeof matchesMachine): MatchesConnection {
  return connectActor(logic, toMatchesView, 'matches');
}
