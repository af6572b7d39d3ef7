import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  allTransitionsOf,
  invokesOf,
  readableAction,
  transitionsOf,
  triggerLabel,
  type DocumentedTransition,
} from './labels';
import { childrenOf, stateNodesOf } from './walk';

/** The Mermaid `stateDiagram-v2` of a machine: states as nested boxes, transitions as arrows. */

const DESCRIPTION_WRAP = 48;

/**
 * Mermaid ids: unique across the whole diagram (two `idle` states must not merge), made of word
 * characters only. `session.guest.idle` -> `session__guest__idle`; the double underscore keeps
 * clear of Mermaid's own `<parent>_start` ids for `[*]`.
 */
export function mermaidIdOf(node: AnyStateNode): string {
  return node.id.replace(/\./g, '__').replace(/\W/g, '_');
}

/** The box inside a compound state that lists what applies in every one of its sub-states. */
export function mermaidInfoIdOf(node: AnyStateNode): string {
  return node.parent === undefined ? mermaidIdOf(node) : `${mermaidIdOf(node)}__info`;
}

/**
 * Mermaid's state grammar ends a label at `:` and `;`, `%%` starts a comment, braces open and
 * close blocks, and `"` ends a quoted label. Mermaid decodes `#<code>;` entities after parsing.
 */
export function mermaidText(text: string): string {
  return text.replace(/[#:;%{}"<>`\n]/g, (char) =>
    char === '\n' ? ' ' : `#${char.charCodeAt(0)};`,
  );
}

function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Is the transition drawn inside its state's box (it stays, or only re-enters the state)? */
function isDrawnInBox(transition: DocumentedTransition): boolean {
  return (
    transition.targets.length === 0 ||
    transition.targets.every((target) => target === transition.source)
  );
}

/** `EVENT [guard] / action, action` in UML's notation for a transition that keeps the state. */
export function inBoxTransitionLabel(transition: DocumentedTransition): string {
  const trigger = triggerLabel(transition);
  const effect = transition.actions.length > 0 ? ` / ${transition.actions.join(', ')}` : '';
  if (transition.targets.length > 0) {
    return `${trigger}${effect} (${transition.reenter ? 're-enters' : 'stays'})`;
  }
  return effect === '' ? `${trigger} (ignored)` : `${trigger}${effect}`;
}

/** The lines under a state's name: description, entry actions, invokes, transitions that keep it. */
function boxLinesOf(node: AnyStateNode): string[] {
  const description = node.description ? wrapWords(node.description, DESCRIPTION_WRAP) : [];
  const entry = node.entry.length ? [`entry / ${node.entry.map(readableAction).join(', ')}`] : [];
  const invokes = invokesOf(node).map((invoke) => `do / invoke ${invoke}`);
  const kept = transitionsOf(node).filter(isDrawnInBox).map(inBoxTransitionLabel);
  return [...description, ...entry, ...invokes, ...kept];
}

function isCompound(node: AnyStateNode): boolean {
  return node.type === 'compound' || node.type === 'parallel';
}

function stateTitleOf(node: AnyStateNode): string {
  if (node.type === 'history') return `${node.key} (${node.history || 'shallow'} history)`;
  return node.key;
}

function declareBox(id: string, title: string, lines: readonly string[], indent: string): string[] {
  return [
    `${indent}state "${mermaidText(title)}" as ${id}`,
    ...lines.map((line) => `${indent}${id} : ${mermaidText(line)}`),
  ];
}

/**
 * A state and, for a compound state, its block of children. Only declarations, initial markers
 * and final markers go inside blocks: Mermaid places a state in the block where a transition
 * mentions it, so every arrow is drawn at the top level (see `renderEdges`).
 */
function renderState(node: AnyStateNode, indent: string): string[] {
  const id = mermaidIdOf(node);
  if (!isCompound(node)) {
    const lines = declareBox(id, stateTitleOf(node), boxLinesOf(node), indent);
    return node.type === 'final' ? [...lines, `${indent}${id} --> [*]`] : lines;
  }
  // A compound state is drawn as a frame, which Mermaid allows a title only; its own
  // description, invokes and kept transitions go in an info box inside the frame.
  // A parallel frame is all regions, so its info box sits next to it instead.
  const inner = `${indent}  `;
  const isParallel = node.type === 'parallel';
  const infoLines = boxLinesOf(node);
  const info =
    infoLines.length > 0
      ? declareBox(
          mermaidInfoIdOf(node),
          `${node.key} (every sub-state)`,
          infoLines,
          isParallel ? indent : inner,
        )
      : [];
  return [
    ...(isParallel ? info : []),
    `${indent}state "${mermaidText(stateTitleOf(node))}" as ${id}`,
    `${indent}state ${id} {`,
    ...initialMarker(node, inner),
    ...(isParallel ? [] : info),
    ...renderChildren(node, inner),
    `${indent}}`,
  ];
}

function initialMarker(node: AnyStateNode, indent: string): string[] {
  if (node.type !== 'compound') return [];
  return (node.initial.target ?? []).map((target) => `${indent}[*] --> ${mermaidIdOf(target)}`);
}

/** A parallel state's regions are separated by `--`. */
function renderChildren(node: AnyStateNode, indent: string): string[] {
  const rendered = childrenOf(node).map((child) => renderState(child, indent));
  const separator = node.type === 'parallel' ? [`${indent}--`] : [];
  return rendered.flatMap((lines, index) => (index === 0 ? lines : [...separator, ...lines]));
}

/** The machine itself: a box with what applies in every state, then its states. */
function renderRoot(machine: AnyStateMachine, indent: string): string[] {
  const root = machine.root;
  return [
    ...declareBox(mermaidIdOf(root), `${root.key} (every state)`, boxLinesOf(root), indent),
    ...initialMarker(root, indent),
    ...renderChildren(root, indent),
  ];
}

/**
 * One arrow per source and target. Several transitions between the same two states share it,
 * one line each, in the order XState tries them.
 */
function renderEdges(machine: AnyStateMachine, indent: string): string[] {
  const labels = new Map<string, string[]>();
  for (const transition of allTransitionsOf(machine)) {
    if (isDrawnInBox(transition)) continue;
    for (const target of transition.targets) {
      const key = `${mermaidIdOf(transition.source)} --> ${mermaidIdOf(target)}`;
      labels.set(key, [...(labels.get(key) ?? []), mermaidText(triggerLabel(transition))]);
    }
  }
  return [...labels].map(([edge, lines]) => `${indent}${edge} : ${lines.join('<br/>')}`);
}

export function renderMermaid(machine: AnyStateMachine): string {
  assertUniqueMermaidIds(machine);
  const indent = '  ';
  return [
    'stateDiagram-v2',
    ...renderRoot(machine, indent),
    '',
    `${indent}%% Transitions`,
    ...renderEdges(machine, indent),
  ].join('\n');
}

function assertUniqueMermaidIds(machine: AnyStateMachine): void {
  const seen = new Map<string, string>();
  for (const node of stateNodesOf(machine)) {
    for (const id of new Set([mermaidIdOf(node), mermaidInfoIdOf(node)])) {
      const other = seen.get(id);
      if (other !== undefined) {
        throw new Error(`States "${other}" and "${node.id}" both map to the Mermaid id "${id}".`);
      }
      seen.set(id, node.id);
    }
  }
}
