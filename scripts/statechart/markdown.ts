import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { allTransitionsOf, invokesOf, type DocumentedTransition } from './labels';
import { renderMermaid } from './mermaid';
import { stateNodesOf } from './walk';

/** The Markdown page of a machine: notice, intro, reading guide, diagram, states and transitions. */

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
  '- A box is a state. Under its name: its description, `entry / actions` it runs on entering, ' +
    '`do / invoke <id> (<src>)` for each ' +
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
