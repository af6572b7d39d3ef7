import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  and,
  assign,
  fromPromise,
  not,
  setup,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
} from 'xstate';
import { readableAction, readableEvent, readableGuard } from '../../scripts/statechart/labels';
import { REGENERATE_COMMAND } from '../../scripts/statechart/markdown';
import { mermaidIdOf, mermaidInfoIdOf, mermaidText } from '../../scripts/statechart/mermaid';
import { SESSION_PAGE, renderStatechartDocs, statechartFiles } from '../../scripts/statechartDocs';
import { sessionMachine } from '../../src/machines/session/sessionMachine';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

// ---------------------------------------------------------------------------------------------
// The test's own walk of the machine, independent of the generator's

function everyStateNode(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(everyStateNode)];
}

interface ExpectedTransition {
  source: AnyStateNode;
  event: string;
  guard: string | null;
  /** Unguarded, after other candidates for the same event. */
  isFallback: boolean;
  targets: readonly AnyStateNode[];
}

function everyTransition(machine: AnyStateMachine): ExpectedTransition[] {
  return everyStateNode(machine.root).flatMap((node) => {
    const perEvent: AnyTransitionDefinition[][] = [...node.transitions.values()];
    if (node.always) perEvent.push(node.always);
    return perEvent.flatMap((candidates) =>
      candidates.map((transition, index) => ({
        source: node,
        event: readableEvent(transition.eventType, node),
        guard: transition.guard === undefined ? null : readableGuard(transition.guard),
        isFallback: transition.guard === undefined && index > 0,
        targets: transition.target ?? [],
      })),
    );
  });
}

function guardLabel(transition: ExpectedTransition): string | null {
  return transition.guard ?? (transition.isFallback ? 'else' : null);
}

function trigger(transition: ExpectedTransition): string {
  const guard = guardLabel(transition);
  return guard === null ? transition.event : `${transition.event} [${guard}]`;
}

/** Compound states and the machine are frames; their own lines sit in an info box. */
function boxIdOf(node: AnyStateNode): string {
  const isFrame = node.parent === undefined || node.type === 'compound' || node.type === 'parallel';
  return isFrame ? mermaidInfoIdOf(node) : mermaidIdOf(node);
}

// ---------------------------------------------------------------------------------------------
// Reading the generated Markdown

function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  expect(start, `the page has a "## ${heading}" section`).toBeGreaterThan(-1);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

function diagramOf(markdown: string): string {
  const match = /```mermaid\n([\s\S]*?)\n```/.exec(markdown);
  expect(match, 'the page has a mermaid block').not.toBeNull();
  return match![1]!;
}

function tableRows(markdown: string, heading: string): string[][] {
  return section(markdown, heading)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .slice(1) // the header
    .map((line) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((cell) => cell.trim()),
    );
}

const code = (text: string): string => `\`${text}\``;

/** Arrow lines, `from --> to : label<br/>label`, keyed by `from --> to`. */
function arrowsOf(diagram: string): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const line of diagram.split('\n')) {
    const match = /^\s*(\w+ --> \w+) : (.*)$/.exec(line);
    if (match) arrows.set(match[1]!, match[2]!.split('<br/>'));
  }
  return arrows;
}

/** For each declared state, the block it is declared in (null at the top level). */
function enclosingBlocks(diagram: string): Map<string, string | null> {
  const enclosing = new Map<string, string | null>();
  const stack: string[] = [];
  for (const line of diagram.split('\n').map((raw) => raw.trim())) {
    const declaration = /^state "[^"]*" as (\w+)$/.exec(line);
    if (declaration) enclosing.set(declaration[1]!, stack.at(-1) ?? null);
    const block = /^state (\w+) \{$/.exec(line);
    if (block) stack.push(block[1]!);
    if (line === '}') stack.pop();
  }
  return enclosing;
}

/** The lines under a state's name: `id : line`. */
function boxLinesOf(diagram: string, id: string): string[] {
  const prefix = `${id} : `;
  return diagram
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith(prefix))
    .map((line) => line.slice(prefix.length));
}

// ---------------------------------------------------------------------------------------------
// Mermaid syntax, as far as the stateDiagram grammar (stateDiagram.jison) constrains what we emit

const LINE_FORMS: readonly RegExp[] = [
  /^stateDiagram-v2$/,
  /^$/,
  /^%% [^\n]*$/,
  /^state "[^"\n]*" as \w+$/,
  /^state \w+ \{$/,
  /^\}$/,
  /^--$/,
  /^\[\*\] --> \w+$/,
  /^\w+ --> \[\*\]$/,
  /^\w+ --> \w+ : [^:;\n]+$/,
  /^\w+ : [^:;\n]+$/,
];

/** Mermaid swaps `#58;`-style entity codes for placeholders before it parses (encodeEntities). */
function encodeEntities(line: string): string {
  return line.replace(/#(\w+);/g, (_, inner: string) =>
    /^\+?\d+$/.test(inner) ? `ﬂ°°${inner}¶ß` : `ﬂ°${inner}¶ß`,
  );
}

/** Problems found in a diagram; empty when every line has a form the grammar accepts. */
function mermaidProblems(diagram: string): string[] {
  const problems: string[] = [];
  const declared = new Set<string>();
  const referenced = new Set<string>();
  let depth = 0;
  for (const [index, raw] of diagram.split('\n').entries()) {
    const line = encodeEntities(raw.trim());
    const where = `line ${index + 1} "${line}"`;
    if (!LINE_FORMS.some((form) => form.test(line))) problems.push(`${where}: unknown form`);
    if (/%%/.test(line.replace(/^%%/, ''))) problems.push(`${where}: %% starts a comment`);
    if (/direction\s+(TB|BT|RL|LR)/i.test(line)) problems.push(`${where}: reads as a direction`);
    const declaration = /^state "[^"]*" as (\w+)$/.exec(line);
    if (declaration) declared.add(declaration[1]!);
    const arrow = /^(\w+|\[\*\]) --> (\w+|\[\*\])/.exec(line);
    if (arrow) {
      for (const id of [arrow[1]!, arrow[2]!]) if (id !== '[*]') referenced.add(id);
      // Mermaid moves a state into the block where an arrow mentions it: arrows between
      // states belong at the top level; only [*] markers go inside blocks.
      if (depth > 0 && !line.includes('[*]')) problems.push(`${where}: arrow inside a block`);
    }
    if (line.endsWith('{')) depth += 1;
    if (line === '}') depth -= 1;
    if (depth < 0) problems.push(`${where}: unbalanced }`);
  }
  if (depth !== 0) problems.push('unbalanced {');
  for (const id of referenced) if (!declared.has(id)) problems.push(`${id} is never declared`);
  return problems;
}

// ---------------------------------------------------------------------------------------------

describe('docs/statecharts', () => {
  it.each(statechartFiles().map((file) => [file.path, file.contents] as const))(
    '%s is up to date',
    (path, expected) => {
      const stale = `${path} is stale: run \`${REGENERATE_COMMAND}\` and commit the result.`;
      const absolute = join(repositoryRoot, path);
      expect(existsSync(absolute), stale).toBe(true);
      expect(readFileSync(absolute, 'utf8'), stale).toBe(expected);
    },
  );

  it('is deterministic, and the JSON is the machine’s toJSON()', () => {
    const first = renderStatechartDocs(sessionMachine, SESSION_PAGE);
    const second = renderStatechartDocs(sessionMachine, SESSION_PAGE);
    expect(second).toEqual(first);
    expect(JSON.parse(first.json)).toEqual(JSON.parse(JSON.stringify(sessionMachine.toJSON())));
  });

  it('says it is generated, by which command, and how to inspect the machine live', () => {
    const { markdown } = renderStatechartDocs(sessionMachine, SESSION_PAGE);
    const intro = markdown.slice(0, markdown.indexOf('```mermaid'));
    expect(intro).toContain('Generated file: do not edit by hand.');
    expect(intro).toContain(`\`${REGENERATE_COMMAND}\``);
    expect(intro).toContain('src/machines/session/sessionMachine.ts');
    expect(intro).toContain('VITE_INSPECT=true npm start');
  });
});

describe.each([
  ['the session machine', sessionMachine],
  ['a machine with every kind of transition', kitchenSinkMachine()],
] as const)('the generated docs of %s', (_name, machine) => {
  const { markdown } = renderStatechartDocs(machine, { ...SESSION_PAGE, title: 'Test' });
  const diagram = diagramOf(markdown);

  it('write Mermaid that the state diagram grammar accepts', () => {
    expect(mermaidProblems(diagram)).toEqual([]);
  });

  it('show every state, nested in its parent, with its description, entry actions and invokes', () => {
    const enclosing = enclosingBlocks(diagram);
    for (const node of everyStateNode(machine.root)) {
      const id = mermaidIdOf(node);
      expect(enclosing.has(id), `${node.id} is declared`).toBe(true);
      const parentBlock = node.parent?.parent ? mermaidIdOf(node.parent) : null;
      expect(enclosing.get(id), `${node.id} sits in its parent's block`).toBe(parentBlock);
      const box = boxLinesOf(diagram, boxIdOf(node));
      if (node.description) {
        const words = mermaidText(node.description).split(/\s+/);
        expect(box.join(' ').split(/\s+/).slice(0, words.length), node.id).toEqual(words);
      }
      for (const invoke of node.invoke) {
        // By its id, or by its src when XState generated the id.
        const names = [`invoke ${invoke.id}`, `invoke ${String(invoke.src)}`];
        const listed = box.some((line) => names.some((name) => line.includes(name)));
        expect(listed, `${node.id} lists invoke ${invoke.id}`).toBe(true);
      }
      const entry = box.find((line) => line.startsWith('entry / ')) ?? null;
      const entryNames = node.entry.map((action) => readableAction(action));
      expect(entry, `${node.id} lists its entry actions`).toBe(
        entryNames.length ? `entry / ${entryNames.join(', ')}` : null,
      );
    }
  });

  it('mark the initial state of the machine and of every compound state', () => {
    for (const node of everyStateNode(machine.root)) {
      if (node.type !== 'compound') continue;
      for (const target of node.initial.target) {
        expect(diagram).toMatch(new RegExp(`^\\s*\\[\\*\\] --> ${mermaidIdOf(target)}$`, 'm'));
      }
    }
  });

  it('draw every transition: an arrow per target, or a line in the state’s box', () => {
    const arrows = arrowsOf(diagram);
    for (const transition of everyTransition(machine)) {
      const label = mermaidText(trigger(transition));
      const source = transition.source;
      const external = transition.targets.filter((target) => target !== source);
      for (const target of external) {
        const arrow = `${mermaidIdOf(source)} --> ${mermaidIdOf(target)}`;
        expect(arrows.get(arrow) ?? [], `${arrow} carries ${label}`).toContain(label);
      }
      if (external.length === 0) {
        const boxId = boxIdOf(source);
        const box = boxLinesOf(diagram, boxId);
        expect(
          box.some((line) => line.startsWith(label)),
          `${boxId} lists ${label}`,
        ).toBe(true);
      }
    }
  });

  it('list every state and every transition in the tables', () => {
    const states = tableRows(markdown, 'States');
    expect(states.map((row) => row[0])).toEqual(
      everyStateNode(machine.root).map((node) => code(node.id)),
    );

    const rows = tableRows(markdown, 'Transitions');
    const expected = everyTransition(machine);
    expect(rows).toHaveLength(expected.length);
    expected.forEach((transition, index) => {
      const [source, event, guard, target] = rows[index]!;
      expect(source).toBe(code(transition.source.id));
      expect(event).toBe(code(transition.event));
      const expectedGuard =
        transition.guard === null ? guardLabel(transition) : code(transition.guard);
      expect(guard).toBe(expectedGuard ?? '');
      for (const node of transition.targets) expect(target).toContain(code(node.id));
      if (transition.targets.length === 0) expect(target).toBe('(stays)');
    });
  });
});

describe('readable labels', () => {
  it('name invoked actors’ results and other built-in events plainly', () => {
    const linking = sessionMachine.getStateNodeById('session.linking');
    expect(readableEvent('xstate.done.actor.createAccount', linking)).toBe('done: createAccount');
    expect(readableEvent('xstate.error.actor.createAccount', linking)).toBe('error: createAccount');
    expect(readableEvent('CREATE_ACCOUNT', linking)).toBe('CREATE_ACCOUNT');

    const busy = kitchenSinkMachine().getStateNodeById('sink.busy');
    // An invoke without an id is named by its src, not XState's generated `0.sink.busy`.
    expect(readableEvent('xstate.done.actor.0.sink.busy', busy)).toBe('done: work');
    expect(readableEvent('xstate.after.500.sink.busy', busy)).toBe('after 500 ms');
    expect(readableEvent('xstate.after.slowly.sink.busy', busy)).toBe('after slowly');
    expect(readableEvent('', busy)).toBe('always');
  });

  it('name guards, parameterized ones by their type and combined ones by their parts', () => {
    expect(readableGuard('isSessionRevoked')).toBe('isSessionRevoked');
    expect(readableGuard({ type: 'isRegistered', params: () => null })).toBe('isRegistered');
    expect(readableGuard(and(['a', not({ type: 'b', params: {} })]))).toBe('and(a, not(b))');
  });
});

/** Features the session machine does not use today, so the generator is ready for them. */
function kitchenSinkMachine(): AnyStateMachine {
  return setup({
    types: { events: {} as { type: 'GO' } | { type: 'STOP' } | { type: 'PING' } },
    actors: { work: fromPromise(async () => 1) },
    guards: { ready: () => true, allowed: (_, params: { level: number }) => params.level > 0 },
    delays: { slowly: 1000 },
  }).createMachine({
    id: 'sink',
    description: 'Colons: semicolons; "quotes", {braces}, # and %% all survive.',
    initial: 'first',
    on: { PING: { actions: assign({}) } },
    states: {
      first: {
        always: [{ guard: 'ready', target: 'busy' }, { target: 'done' }],
      },
      busy: {
        type: 'parallel',
        invoke: { src: 'work', onDone: 'done' },
        after: { 500: 'done', slowly: { target: 'done', guard: not('ready') } },
        on: { GO: { target: 'busy', reenter: true } },
        states: {
          left: { initial: 'a', states: { a: { on: { GO: 'b' } }, b: { type: 'final' } } },
          right: {
            initial: 'c',
            states: {
              c: {
                on: { STOP: { guard: { type: 'allowed', params: { level: 1 } }, target: 'd' } },
              },
              d: {},
            },
          },
        },
      },
      done: { type: 'final' },
    },
  });
}
