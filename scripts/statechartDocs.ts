import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { sessionMachine } from '../src/machines/sessionMachine';

/**
 * Statechart documentation generated from the machine itself (DESIGN.md section 2:
 * docs/statecharts is generated, never edited by hand). Pure: a machine in, file contents out.
 */

export const STATECHART_DOCS_DIR = 'docs/statecharts';
export const REGENERATE_COMMAND = 'npm run statecharts';

export interface StatechartPage {
  /** File names in docs/statecharts without the extension: `session` -> session.md, session.json. */
  baseName: string;
  title: string;
  /** Where the machine is defined, relative to the repository root. */
  sourcePath: string;
  exportName: string;
  /** Markdown paragraphs placed after the generated-file notice. */
  intro: readonly string[];
}

export interface StatechartDocs {
  markdown: string;
  json: string;
}

export interface StatechartFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  contents: string;
}

/** One transition as the docs show it; `targets` is empty for a targetless transition. */
export interface DocumentedTransition {
  source: AnyStateNode;
  /** The raw event descriptor; '' for an `always` transition. */
  eventType: string;
  event: string;
  guard: string | null;
  /** Unguarded, after other candidates for the same event: taken when none of them is. */
  isFallback: boolean;
  targets: readonly AnyStateNode[];
  actions: readonly string[];
  reenter: boolean;
}

const DESCRIPTION_WRAP = 48;

// ---------------------------------------------------------------------------------------------
// Walking the machine

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

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states);
}

/** The node's own transitions: its `on`, invoke `onDone`/`onError`, `after`, then `always`. */
export function transitionsOf(node: AnyStateNode): DocumentedTransition[] {
  const candidatesPerEvent = [...node.transitions.values(), ...(node.always ? [node.always] : [])];
  return candidatesPerEvent.flatMap((candidates) =>
    candidates.map((transition, index) => describeTransition(transition, index > 0)),
  );
}

export function allTransitionsOf(machine: AnyStateMachine): DocumentedTransition[] {
  return stateNodesOf(machine).flatMap(transitionsOf);
}

function describeTransition(
  transition: AnyTransitionDefinition,
  hasEarlierCandidates: boolean,
): DocumentedTransition {
  const eventType = transition.eventType;
  const guard = transition.guard === undefined ? null : readableGuard(transition.guard);
  return {
    source: transition.source,
    eventType,
    event: readableEvent(eventType, transition.source),
    guard,
    isFallback: guard === null && hasEarlierCandidates,
    targets: transition.target ?? [],
    actions: transition.actions.map(readableAction),
    reenter: transition.reenter,
  };
}

// ---------------------------------------------------------------------------------------------
// Readable labels

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const SNAPSHOT_ACTOR = 'xstate.snapshot.';
const DONE_STATE = 'xstate.done.state.';
const AFTER = 'xstate.after.';

/** `xstate.done.actor.createAccount` -> `done: createAccount`, and so on. */
export function readableEvent(eventType: string, source: AnyStateNode): string {
  if (eventType === '') return 'always';
  if (eventType.startsWith(DONE_ACTOR)) return `done: ${actorName(eventType, DONE_ACTOR, source)}`;
  if (eventType.startsWith(ERROR_ACTOR)) {
    return `error: ${actorName(eventType, ERROR_ACTOR, source)}`;
  }
  if (eventType.startsWith(SNAPSHOT_ACTOR)) {
    return `snapshot: ${actorName(eventType, SNAPSHOT_ACTOR, source)}`;
  }
  if (eventType.startsWith(DONE_STATE)) return `done: #${eventType.slice(DONE_STATE.length)}`;
  if (eventType.startsWith(AFTER)) return `after ${delayOf(eventType, source.id)}`;
  return eventType;
}

/** The invoke's id; for an invoke without one, XState's `0.<state id>`, so its src instead. */
function actorName(eventType: string, prefix: string, source: AnyStateNode): string {
  const id = eventType.slice(prefix.length);
  const invoke = source.invoke.find((candidate) => candidate.id === id);
  const isGenerated =
    invoke !== undefined && id === `${source.invoke.indexOf(invoke)}.${source.id}`;
  return isGenerated && typeof invoke.src === 'string' ? invoke.src : id;
}

/** `xstate.after.500.session.x` -> `500 ms`; a named delay keeps its name. */
function delayOf(eventType: string, sourceId: string): string {
  const rest = eventType.slice(AFTER.length);
  const delay = rest.endsWith(`.${sourceId}`) ? rest.slice(0, -(sourceId.length + 1)) : rest;
  return /^\d+$/.test(delay) ? `${delay} ms` : delay;
}

/** A guard by its name: `'isSessionRevoked'`, `{ type: 'isRegistered', params }`, and/or/not. */
export function readableGuard(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return readableInlineGuard(guard);
  if (isRecord(guard) && typeof guard.type === 'string') return guard.type;
  return 'inline guard';
}

function readableInlineGuard(guard: object): string {
  const parts = (guard as { guards?: unknown }).guards;
  const name = (guard as { name?: unknown }).name;
  if (Array.isArray(parts) && (name === 'and' || name === 'or' || name === 'not')) {
    return `${name}(${parts.map(readableGuard).join(', ')})`;
  }
  const stateValue = (guard as { stateValue?: unknown }).stateValue;
  if (stateValue !== undefined) return `stateIn(${JSON.stringify(stateValue)})`;
  return typeof name === 'string' && name !== '' ? name : 'inline guard';
}

/**
 * An action by its name, with static params as compact JSON (they say which notice, which
 * operation); params computed from the event show as `(…)`.
 */
export function readableAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function') return readableInlineAction(action);
  if (!isRecord(action) || typeof action.type !== 'string') return 'inline action';
  if (action.params === undefined) return action.type;
  if (typeof action.params === 'function') return `${action.type}(…)`;
  return `${action.type}(${JSON.stringify(action.params)})`;
}

/** Built-ins such as `assign(...)` written inline carry `type: 'xstate.assign'`. */
function readableInlineAction(action: object): string {
  const type = (action as { type?: unknown }).type;
  if (typeof type === 'string') return `${type.replace(/^xstate\./, '')} (inline)`;
  const name = (action as { name?: unknown }).name;
  return typeof name === 'string' && name !== '' ? `${name} (inline)` : 'inline action';
}

/** `id (src)`, or one name when they agree or the id is XState's generated `0.<state id>`. */
export function readableInvoke(invoke: { id: string; src: unknown }, generatedId: string): string {
  const src = typeof invoke.src === 'string' ? invoke.src : 'inline logic';
  // Inline logic gets a generated source name too: then only the id says anything.
  const isInline = src.startsWith('xstate.invoke.');
  if (invoke.id === generatedId) return isInline ? 'inline logic' : src;
  if (src === invoke.id) return invoke.id;
  return `${invoke.id} (${isInline ? 'inline logic' : src})`;
}

function invokesOf(node: AnyStateNode): string[] {
  return node.invoke.map((invoke, index) => readableInvoke(invoke, `${index}.${node.id}`));
}

/** `EVENT [guard]`, or `EVENT [else]` for a fallback: the label a transition gets in the diagram. */
export function triggerLabel(transition: DocumentedTransition): string {
  const guard = guardCellOf(transition);
  return guard === null ? transition.event : `${transition.event} [${guard}]`;
}

function guardCellOf(transition: DocumentedTransition): string | null {
  return transition.guard ?? (transition.isFallback ? 'else' : null);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// ---------------------------------------------------------------------------------------------
// Mermaid

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

/** The lines under a state's name: description, invokes, transitions that keep the state. */
function boxLinesOf(node: AnyStateNode): string[] {
  const description = node.description ? wrapWords(node.description, DESCRIPTION_WRAP) : [];
  const invokes = invokesOf(node).map((invoke) => `do / invoke ${invoke}`);
  const kept = transitionsOf(node).filter(isDrawnInBox).map(inBoxTransitionLabel);
  return [...description, ...invokes, ...kept];
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

// ---------------------------------------------------------------------------------------------
// Markdown

function code(text: string): string {
  return `\`${text.replace(/\|/g, '\\|')}\``;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function kindOf(node: AnyStateNode): string {
  const kind = node.parent === undefined ? 'machine' : node.type;
  if (node.type !== 'compound') return kind;
  const initial = (node.initial.target ?? []).map((target) => code(target.key)).join(', ');
  return `${kind}, starts in ${initial}`;
}

function statesTable(machine: AnyStateMachine): string {
  const rows = stateNodesOf(machine).map((node) => [
    code(node.id),
    kindOf(node),
    cell(node.description ?? ''),
    invokesOf(node).map(code).join(', '),
  ]);
  return table(['State', 'Kind', 'Description', 'Invokes'], rows);
}

function targetCell(transition: DocumentedTransition): string {
  if (transition.targets.length === 0) return '(stays)';
  const targets = transition.targets.map((target) => code(target.id)).join(', ');
  return transition.reenter ? `${targets} (re-enters)` : targets;
}

function transitionsTable(machine: AnyStateMachine): string {
  const rows = allTransitionsOf(machine).map((transition) => [
    code(transition.source.id),
    code(transition.event),
    transition.guard === null ? (transition.isFallback ? 'else' : '') : code(transition.guard),
    targetCell(transition),
    transition.actions.map(code).join(', '),
  ]);
  return table(['Source', 'Event', 'Guard', 'Target', 'Actions'], rows);
}

function generatedNotice(page: StatechartPage): string {
  return [
    `> **Generated file: do not edit by hand.** \`${REGENERATE_COMMAND}\` writes this page and`,
    `> [\`${page.baseName}.json\`](${page.baseName}.json) (the machine's \`toJSON()\`) from`,
    `> \`${page.exportName}\` in [\`${page.sourcePath}\`](../../${page.sourcePath}).`,
    `> Change the machine, then run it again; \`${REGENERATE_COMMAND} -- --check\` and the unit`,
    `> tests fail while these files are stale.`,
  ].join('\n');
}

const READING_GUIDE = [
  '## Reading the diagram',
  '',
  '- A box is a state. Under its name: its description, `do / invoke <id> (<src>)` for each ' +
    'actor it runs while active, and `EVENT [guard] / actions` for each transition that keeps ' +
    'the state (no target); `(ignored)` marks one that does nothing.',
  '- A frame is a compound state and `[*]` points at the sub-state it starts in. The box ' +
    '`<state> (every sub-state)` inside a frame lists what applies in all of its sub-states; ' +
    'the box `<machine> (every state)` does the same for the whole machine.',
  '- An arrow is labelled `EVENT [guard]`. Several transitions between the same two states ' +
    'share one arrow, one line each, in the order XState tries them (the first whose guard ' +
    'passes wins). An arrow leaving a frame applies in every sub-state of it.',
  '- `done: <id>` and `error: <id>` are the invoked actor `<id>` resolving and rejecting; ' +
    '`always` is an eventless transition; `after <delay>` a delayed one.',
  '- The tables below list the same states and transitions, and the actions of each transition.',
].join('\n');

export function renderMarkdown(machine: AnyStateMachine, page: StatechartPage): string {
  return [
    `# ${page.title}`,
    '',
    generatedNotice(page),
    '',
    ...page.intro.flatMap((paragraph) => [paragraph, '']),
    READING_GUIDE,
    '',
    '## Diagram',
    '',
    '```mermaid',
    renderMermaid(machine),
    '```',
    '',
    '## States',
    '',
    statesTable(machine),
    '',
    '## Transitions',
    '',
    transitionsTable(machine),
    '',
  ].join('\n');
}

export function renderJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(machine.toJSON(), null, 2)}\n`;
}

export function renderStatechartDocs(
  machine: AnyStateMachine,
  page: StatechartPage,
): StatechartDocs {
  return { markdown: renderMarkdown(machine, page), json: renderJson(machine) };
}

// ---------------------------------------------------------------------------------------------
// The documented machines

export const SESSION_PAGE: StatechartPage = {
  baseName: 'session',
  title: 'Session statechart',
  sourcePath: 'src/machines/sessionMachine.ts',
  exportName: 'sessionMachine',
  intro: [
    'The whole session model is this one XState statechart: the Firebase service ' +
      '(`src/machines/firebaseSession.ts`) provides the invoked actors, and the UI only reads ' +
      'snapshots and sends events.',
    '## Live inspection in development',
    'Run `VITE_INSPECT=true npm start` to watch the machine live in the Stately inspector ' +
      '(<https://stately.ai/inspect>). The dev server only: the session provider attaches ' +
      '`createSessionInspector()` (`src/machines/sessionInspector.ts`) when `VITE_INSPECT` is ' +
      '`true` and `import.meta.env.DEV`, so production builds never load it. The inspector ' +
      'opens in a new window, so allow pop-ups for the dev server. Before anything leaves the ' +
      'page, passwords, reset codes, tokens and credentials in events and snapshots become ' +
      '`"[redacted]"` (`src/machines/inspectionRedaction.ts`).',
  ],
};

const DOCUMENTED: readonly { machine: AnyStateMachine; page: StatechartPage }[] = [
  { machine: sessionMachine, page: SESSION_PAGE },
];

/** Every generated file with its contents, for the script to write and the tests to compare. */
export function statechartFiles(): StatechartFile[] {
  return DOCUMENTED.flatMap(({ machine, page }) => {
    const docs = renderStatechartDocs(machine, page);
    const base = `${STATECHART_DOCS_DIR}/${page.baseName}`;
    return [
      { path: `${base}.md`, contents: docs.markdown },
      { path: `${base}.json`, contents: docs.json },
    ];
  });
}
