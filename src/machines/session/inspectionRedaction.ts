/**
 * Live inspection (development only) sends events and snapshots to another window. The session
 * carries passwords, reset codes, tokens and credentials; they are replaced before anything is sent.
 */

import { REDACTED, isSecretKey, redactSecretText } from './secretShapes';

export { REDACTED, isSecretKey };
export const CIRCULAR = '[circular]';
export const TOO_DEEP = '[too deep]';

export interface RedactionOptions {
  /** Deeper values become "[too deep]"; the inspector's own serializer stops at 10. */
  maxDepth?: number;
}

const DEFAULT_MAX_DEPTH = 20;

interface Walk {
  maxDepth: number;
  /** The objects on the path from the top to the current value: meeting one again is a cycle. */
  ancestors: Set<object>;
  /** Objects already copied, so a value shared by two branches stays one copy. */
  copies: WeakMap<object, unknown>;
}

/**
 * A deep copy of `value` with secrets replaced by "[redacted]": the values of keys that name a
 * secret, and JWTs and long opaque tokens inside any string (see secretShapes.ts). Also makes it safe to post to
 * another window: actor refs become `{ xstate$$type: 1, id }` (what XState's own `toJSON` gives),
 * cycles "[circular]", functions a "[function name]" marker; objects with a `toJSON` (XState
 * snapshots) are copied from it, and errors keep their name, message, enumerable fields and cause.
 * A secret key that holds null or undefined is kept as it is: there is nothing to hide.
 */
export function redactSecrets(value: unknown, options: RedactionOptions = {}): unknown {
  return redactValue(value, 0, {
    maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
    ancestors: new Set(),
    copies: new WeakMap(),
  });
}

function redactValue(value: unknown, depth: number, walk: Walk): unknown {
  if (typeof value === 'string') return redactSecretText(value);
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  if (walk.ancestors.has(value)) return CIRCULAR;
  if (walk.copies.has(value)) return walk.copies.get(value);
  if (depth >= walk.maxDepth) return TOO_DEEP;

  walk.ancestors.add(value);
  const copy = copyObject(value, depth, walk);
  walk.ancestors.delete(value);
  walk.copies.set(value, copy);
  return copy;
}

function copyObject(value: object, depth: number, walk: Walk): unknown {
  const next = (child: unknown): unknown => redactValue(child, depth + 1, walk);
  if (isActorRef(value)) return { xstate$$type: 1, id: value.id };
  if (isDomNode(value)) return `[${value.nodeName.toLowerCase()} node]`;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(next);
  if (value instanceof Map) return copyMap(value, next);
  if (value instanceof Set) return new Set([...value].map(next));
  if (value instanceof Error) return copyEntries(errorEntries(value), next);
  if (hasToJSON(value)) return next(value.toJSON());
  return copyEntries(Object.entries(value), next);
}

function copyEntries(
  entries: readonly (readonly [string, unknown])[],
  next: (child: unknown) => unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, child] of entries) {
    // defineProperty: a key named `__proto__` must stay data, not replace the copy's prototype.
    Object.defineProperty(copy, key, {
      value: isSecretKey(key) && !isNothing(child) ? REDACTED : next(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

function copyMap(
  map: ReadonlyMap<unknown, unknown>,
  next: (child: unknown) => unknown,
): Map<unknown, unknown> {
  const copy = new Map<unknown, unknown>();
  for (const [key, child] of map) {
    const secret = typeof key === 'string' && isSecretKey(key) && !isNothing(child);
    copy.set(next(key), secret ? REDACTED : next(child));
  }
  return copy;
}

/** Name and message are not enumerable on errors; `cause` (the SDK's error) often is not either. */
function errorEntries(error: Error): [string, unknown][] {
  const entries: [string, unknown][] = [
    ['name', error.name],
    ['message', error.message],
    ...Object.entries(error),
  ];
  if ('cause' in error && error.cause !== undefined) entries.push(['cause', error.cause]);
  return entries;
}

interface ActorRefLike {
  id: string;
  sessionId: string;
  send: unknown;
  getSnapshot: unknown;
}

/** Actor refs hold their whole system: only their identity is worth sending. */
function isActorRef(value: object): value is ActorRefLike {
  const candidate = value as Partial<ActorRefLike>;
  return (
    typeof candidate.sessionId === 'string' &&
    typeof candidate.send === 'function' &&
    typeof candidate.getSnapshot === 'function'
  );
}

/** A DOM node leads to the whole document (and React's fibers): its name is enough. */
function isDomNode(value: object): value is Node {
  return typeof Node !== 'undefined' && value instanceof Node;
}

function isNothing(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}

function hasToJSON(value: object): value is { toJSON: () => unknown } {
  return typeof (value as { toJSON?: unknown }).toJSON === 'function';
}

/** What a log may say about a thrown value. */
export interface ThrownSummary {
  name: string;
  code?: string;
  message: string;
  /** Every other field (the SDK's `customData`, a `cause`...), redacted. */
  [extra: string]: unknown;
}

/**
 * Any thrown value (a `FirebaseError` carrying `customData._tokenResponse`, an error with a
 * `cause`, a plain object, a string) as a redacted summary that `JSON.stringify` can always write.
 */
export function summarizeThrown(thrown: unknown): ThrownSummary {
  if (typeof thrown !== 'object' || thrown === null) {
    return { name: typeof thrown, message: redactSecretText(String(thrown)) };
  }
  const copy = toJsonSafe(redactSecrets(thrown)) as Record<string, unknown>;
  const record =
    typeof copy === 'object' && copy !== null && !Array.isArray(copy) ? copy : { value: copy };
  const { name, code, message, ...extras } = record;
  return {
    name: typeof name === 'string' ? name : (thrown.constructor?.name ?? 'Object'),
    ...(typeof code === 'string' ? { code } : {}),
    message: typeof message === 'string' ? message : '',
    ...extras,
  };
}

/** Maps, sets and bigints as JSON can hold them; the rest is already plain data after redaction. */
function toJsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value instanceof Map)
    return [...value].map(([key, child]) => [toJsonSafe(key), toJsonSafe(child)]);
  if (value instanceof Set || Array.isArray(value)) return [...value].map(toJsonSafe);
  const plain: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    Object.defineProperty(plain, key, {
      value: toJsonSafe(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return plain;
}
