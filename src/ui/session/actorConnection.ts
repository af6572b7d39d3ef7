import { createActor, type Actor, type ActorOptions, type Subscription } from 'xstate';
import { summarizeThrown } from '../../machines/session/inspectionRedaction';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import type { SessionConnection } from './sessionConnection';
import { toSessionView, type SessionView } from './sessionView';

/** The session machine, usually with its actors provided (`sessionMachine.provide({ actors })`). */
export type SessionLogic = typeof sessionMachine;

export interface ActorConnectionOptions {
  inspect?: ActorOptions<SessionLogic>['inspect'];
}

/**
 * The only place a session actor is created. If the actor stops on an error, the view says so
 * and RETRY starts a fresh actor from the same logic.
 */
export function connectSessionActor(
  logic: SessionLogic,
  options: ActorConnectionOptions = {},
): SessionConnection {
  let actor: Actor<SessionLogic> | null = null;
  let subscriptions: Subscription[] = [];
  let onView: ((view: SessionView) => void) | null = null;

  function publish(next: Actor<SessionLogic>): void {
    if (next === actor) onView?.(toSessionView(next.getSnapshot()));
  }

  function launch(): void {
    const next = createActor(logic, options.inspect ? { inspect: options.inspect } : {});
    actor = next;
    subscriptions = [
      next.subscribe({
        next: () => publish(next),
        error: (error: unknown) => {
          console.error('[session] The session stopped on an error.', summarizeThrown(error));
          publish(next);
        },
      }),
    ];
    next.start();
    publish(next);
  }

  function teardown(): void {
    subscriptions.forEach((subscription) => subscription.unsubscribe());
    subscriptions = [];
    actor?.stop();
    actor = null;
  }

  return {
    start(listener) {
      onView = listener;
      launch();
    },
    send(event) {
      if (!actor) return;
      if (event.type === 'RETRY' && actor.getSnapshot().status !== 'active') {
        teardown();
        launch();
        return;
      }
      actor.send(event);
    },
    stop() {
      onView = null;
      teardown();
    },
  };
}
