import type { JSONSchema } from 'json-schema-to-ts';

/**
 * Schema builders for the contract's shared parts. Call them with a `@__PURE__` annotation: the
 * bundler then drops every schema a page does not use (a spread or a call at a module's top level
 * is otherwise kept, in case it has side effects).
 */

/** A closed object schema's `properties`. */
type Properties = Readonly<Record<string, JSONSchema>>;

/** A closed object schema with one more property, required. */
export function withRequired<
  R extends readonly string[],
  P extends Properties,
  K extends string,
  V extends JSONSchema,
>(schema: { required: R; properties: P }, key: K, property: V) {
  const added = { [key]: property } as { readonly [name in K]: V };
  return {
    type: 'object',
    additionalProperties: false,
    required: [...schema.required, key] as const,
    properties: { ...schema.properties, ...added },
  } as const;
}

/** `schema` or null. Answers are serialised by type, so the object's bounds are not checked. */
export function objectOrNull<S extends { type: 'object' }>(schema: S) {
  return { ...schema, type: ['object', 'null'] } as Omit<S, 'type'> & {
    readonly type: readonly ['object', 'null'];
  };
}
