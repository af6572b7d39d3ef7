import { readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The first page load must not contain xstate, Firebase or the inspector (the bundle budget): they
 * belong to the session runtime, which the provider imports dynamically. @xstate/react is the one
 * exception: its `useSelector` reads the actor the runtime creates (scripts/budget.ts checks that
 * xstate's own code stays out of the first load). This follows the static, non-type-only imports
 * from what the shell imports of the session UI.
 */
const ENTRY_MODULES = [
  'src/ui/session/index.ts',
  'src/ui/shell/AccountLink.tsx',
  'src/ui/login/LoginPage.tsx',
  'src/ui/account/AccountPage.tsx',
];
const RUNTIME_ONLY = [
  /^xstate$/,
  /^@xstate\/(?!react$)/,
  /^firebase(\/|$)/,
  /^@firebase\//,
  /^@statelyai\//,
];

function staticImportsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
  return (
    candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()) ?? null
  );
}

/** Every package the modules reach through static imports, with the module that imports it. */
function packagesReachedFrom(entries: string[]): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = entries.map((entry) => resolve(entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.css$/.test(file)) continue;
    seen.add(file);
    for (const specifier of staticImportsOf(file)) {
      const local = resolveLocal(file, specifier);
      if (local) queue.push(local);
      else if (!specifier.startsWith('.')) packages.set(specifier, file);
    }
  }
  return packages;
}

describe('the session UI in the first page load', () => {
  it('reaches no xstate, Firebase or inspector code through static imports', () => {
    const offenders = [...packagesReachedFrom(ENTRY_MODULES)].filter(([specifier]) =>
      RUNTIME_ONLY.some((pattern) => pattern.test(specifier)),
    );
    expect(offenders).toEqual([]);
  });

  it('does reach them from the runtime module (so this check can see them at all)', () => {
    const reached = [...packagesReachedFrom(['src/ui/session/browserSessionRuntime.ts']).keys()];
    expect(reached).toEqual(expect.arrayContaining(['xstate', 'firebase/auth']));
  });
});
