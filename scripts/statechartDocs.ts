import type { AnyStateMachine } from 'xstate';
import { sessionMachine } from '../src/machines/session/sessionMachine';
import { renderMarkdown, type StatechartPage } from './statechart/markdown';

/**
 * Statechart documentation generated from the machine itself (docs/architecture.md:
 * docs/statecharts is generated, never edited by hand): which machines, and which files.
 */

export const STATECHART_DOCS_DIR = 'docs/statecharts';

export interface StatechartDocs {
  markdown: string;
  json: string;
}

export interface StatechartFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  contents: string;
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
  sourcePath: 'src/machines/session/sessionMachine.ts',
  exportName: 'sessionMachine',
  intro: [
    'The whole session model is this one XState statechart: the Firebase service ' +
      '(`src/machines/session/firebase/`) provides the invoked actors, and the UI only reads ' +
      'snapshots and sends events.',
    '## Live inspection in development',
    'Run `VITE_INSPECT=true npm start` to watch the machine live in the Stately inspector ' +
      '(<https://stately.ai/inspect>). The dev server only: the session provider attaches ' +
      '`createSessionInspector()` (`src/machines/session/sessionInspector.ts`) when `VITE_INSPECT` is ' +
      '`true` and `import.meta.env.DEV`, so production builds never load it. The inspector ' +
      'opens in a new window, so allow pop-ups for the dev server. Before anything leaves the ' +
      'page, passwords, reset codes, tokens and credentials in events and snapshots become ' +
      '`"[redacted]"` (`src/machines/session/inspectionRedaction.ts`).',
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
