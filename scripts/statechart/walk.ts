import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/**
 * The one walk over a machine's states and declared transitions, shared by the statechart docs
 * (scripts/statechart) and the machine path tests (test/machine/sessionModel.ts), so both count
 * the same states and transitions in the same order.
 */

/** Every state node, the root first, then depth-first in the order the config declares them. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode): void => {
    nodes.push(node);
    childrenOf(node).forEach(visit);
  };
  visit(machine.root);
  return nodes;
}

export function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

/**
 * The node's own transitions, one list per event in the order XState tries them: its `on`,
 * invoke `onDone`/`onError`, `after`, then `always`.
 */
export function candidatesPerEventOf(node: AnyStateNode): AnyTransitionDefinition[][] {
  return [...node.transitions.values(), ...(node.always ? [node.always] : [])];
}

/** Every transition the machine declares (each guarded branch and `always` too), in walk order. */
export function declaredTransitionsOf(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return stateNodesOf(machine).flatMap((node) => candidatesPerEventOf(node).flat());
}
