import { createActor } from 'xstate';
import type { profileMachine } from '../../machines/profileMachine';
import type { ProfileConnection } from './profileConnection';
import { toProfileView } from './profileView';

/** The only place a profile actor is created (its actors provided with `.provide`). */
export function connectProfileActor(logic: typeof profileMachine): ProfileConnection {
  const actor = createActor(logic);
  return {
    start(onView) {
      actor.subscribe({
        next: (snapshot) => onView(toProfileView(snapshot)),
        error: (error: unknown) => {
          console.error('[profile] The profile machine stopped on an error.', String(error));
        },
      });
      actor.start();
    },
    send: (event) => actor.send(event),
    stop: () => actor.stop(),
  };
}
