/** Reading untrusted JSON without `any`: each helper returns the value only if it has the type. */
export type JsonObject = Readonly<Record<string, unknown>>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const objectAt = (from: JsonObject | null, key: string): JsonObject | null => {
  const value = from?.[key];
  return isObject(value) ? value : null;
};

/** A non-blank string, trimmed. */
export const textAt = (from: JsonObject | null, key: string): string | null => {
  const value = from?.[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

export const arrayAt = (from: JsonObject | null, key: string): readonly unknown[] => {
  const value = from?.[key];
  return Array.isArray(value) ? value : [];
};

/** An id given as a string or a number. */
export const idAt = (from: JsonObject, key: string): string | null => {
  const value = from[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return textAt(from, key);
};

/** An absolute http(s) URL, or null. */
export const urlAt = (from: JsonObject | null, key: string): string | null => {
  const text = textAt(from, key);
  if (text === null || !URL.canParse(text)) return null;
  const protocol = new URL(text).protocol;
  return protocol === 'https:' || protocol === 'http:' ? text : null;
};

/** An ISO 8601 time from an ISO string or epoch milliseconds, or null if it does not parse. */
export const timeAt = (from: JsonObject | null, key: string): string | null => {
  const value = from?.[key];
  const date =
    typeof value === 'number'
      ? new Date(value)
      : typeof value === 'string'
        ? new Date(value)
        : null;
  return date !== null && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};

export const uniqueTexts = (values: readonly (string | null)[]): string[] => [
  ...new Set(values.filter((value): value is string => value !== null)),
];
