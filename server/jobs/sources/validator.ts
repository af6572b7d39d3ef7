/**
 * What a board's last good answer was tagged with, to ask "has it changed since?" next time: its
 * ETag (sent back as If-None-Match), else its Last-Modified (as If-Modified-Since). An opaque value
 * from a remote server: kept only when short and plain, and never logged.
 */
export interface Validator {
  readonly kind: 'etag' | 'last-modified';
  readonly value: string;
}

/** Longer than any real ETag or HTTP date: the job data that carries it stays small. */
export const MAX_VALIDATOR_CHARS = 512;

/** Visible ASCII and spaces, not blank: what a header value may be sent back as. */
const PLAIN = /^[\x20-\x7e]+$/;

const usable = (value: string | null): value is string =>
  value !== null && value.length <= MAX_VALIDATOR_CHARS && PLAIN.test(value) && value.trim() !== '';

export const isValidator = (value: unknown): value is Validator => {
  if (typeof value !== 'object' || value === null) return false;
  const { kind, value: text } = value as Record<string, unknown>;
  return (kind === 'etag' || kind === 'last-modified') && typeof text === 'string' && usable(text);
};

/** The answer's validator, or undefined when it sent none we would send back. */
export function validatorOf(headers: Headers): Validator | undefined {
  const etag = headers.get('etag');
  if (usable(etag)) return { kind: 'etag', value: etag };
  const lastModified = headers.get('last-modified');
  return usable(lastModified) ? { kind: 'last-modified', value: lastModified } : undefined;
}

/** The request header that asks for the board only if it changed since `validator`. */
export const conditionalHeaders = (validator: Validator | undefined): Record<string, string> =>
  validator === undefined
    ? {}
    : validator.kind === 'etag'
      ? { 'if-none-match': validator.value }
      : { 'if-modified-since': validator.value };
