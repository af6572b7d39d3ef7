/**
 * The logger's `err` serializer. A database error's message, detail and the query error around it
 * carry the statement's parameters (a CV's text, a profile's values, the uid): such an error is
 * logged by its SQLSTATE code, constraint and table only, with the stack frames but no message.
 */

// A type, not an interface: the logger's serializer type wants an index signature.
type LoggedError = {
  type: string;
  /** A database error's is its code alone: its own message can quote a value. */
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack: string;
  cause?: LoggedError;
};

const MAX_CAUSES = 5;

/** node-postgres' and PGlite's errors: a five-character SQLSTATE and a severity. */
function isDatabaseError(error: object): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** Drizzle's wrapper: its message is the statement and its parameters. */
function isQueryError(error: object): boolean {
  return 'query' in error && 'params' in error;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The stack's frames, without the first line (the message). */
function framesOf(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

function describe(error: unknown, depth: number): LoggedError {
  if (typeof error !== 'object' || error === null)
    return { type: typeof error, message: '', stack: '' };
  const { name, message, stack, code, cause } = error as Record<string, unknown>;
  const type =
    (error.constructor as { name?: string } | undefined)?.name || textOf(name) || 'Error';
  const inner = depth < MAX_CAUSES && cause !== undefined ? describe(cause, depth + 1) : undefined;
  const withCause = inner ? { cause: inner } : {};
  if (isDatabaseError(error)) {
    const { constraint, table, column } = error as Record<string, unknown>;
    return {
      type,
      message: `database error ${String(code)}`,
      code: textOf(code),
      constraint: textOf(constraint),
      table: textOf(table),
      column: textOf(column),
      stack: framesOf(stack),
      ...withCause,
    };
  }
  if (isQueryError(error)) {
    return { type, message: 'database query failed', stack: framesOf(stack), ...withCause };
  }
  const text = textOf(message) ?? '';
  return { type, message: text, code: textOf(code), stack: textOf(stack) ?? '', ...withCause };
}

/** What the logs keep of an error; a database error's fields are lifted to the top (code...). */
export function errorForLog(error: unknown): LoggedError {
  const described = describe(error, 0);
  let database: LoggedError | undefined = described;
  while (database && database.constraint === undefined && database.table === undefined) {
    database = database.cause;
  }
  if (!database || database === described) return described;
  const { code, constraint, table, column } = database;
  return { ...described, code: described.code ?? code, constraint, table, column };
}

/** One line for a log field: a database error's code, table and constraint, else the message. */
export function errorSummary(error: unknown): string {
  const { type, message, code, table, constraint } = errorForLog(error);
  if (table === undefined && constraint === undefined && !/^[0-9A-Z]{5}$/.test(code ?? '')) {
    return `${type}: ${message}`.slice(0, 200);
  }
  const where = [table && `on ${table}`, constraint && `(${constraint})`].filter(Boolean).join(' ');
  return `database error ${code ?? ''} ${where}`.trim();
}
