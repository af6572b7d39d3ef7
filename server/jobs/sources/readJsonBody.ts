import { JSONParser } from '@streamparser/json';
import type { BoardFailure } from './boardResult';

export interface BodyLimits {
  /** A board bigger than this is refused rather than read into memory. */
  readonly maxBytes: number;
  /**
   * An answer up to this size is read whole and given to JSON.parse (faster); a larger one is
   * parsed as its bytes arrive, so its text is never held whole (see `npm run bench:json-parse`).
   */
  readonly streamFromBytes: number;
}

export const BODY_LIMITS: BodyLimits = {
  maxBytes: 25 * 1024 * 1024,
  streamFromBytes: 1024 * 1024,
};

export type ParsedBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly failure: BoardFailure };

const malformed = (detail: string): ParsedBody => ({
  ok: false,
  failure: { kind: 'malformed', detail: detail.slice(0, 200) },
});

/** One JSON value parsed as its bytes arrive; refuses anything JSON.parse would. */
class StreamedValue {
  private readonly parser = new JSONParser({ paths: ['$'], keepStack: false });
  private value: { readonly parsed: unknown } | null = null;
  /** Why the bytes so far are not JSON; once set, nothing more is parsed. */
  error: Error | null = null;

  constructor() {
    this.parser.onValue = ({ value }) => {
      this.value = { parsed: value };
    };
    this.parser.onError = (error) => {
      this.error ??= error;
    };
  }

  write(bytes: Uint8Array): void {
    if (this.error === null) this.parser.write(bytes);
  }

  end(): ParsedBody {
    // The parser ends itself after the first value; only whitespace may follow it.
    if (this.error === null && !this.parser.isEnded) this.parser.end();
    if (this.error !== null) return malformed(`not JSON: ${this.error.message}`);
    return this.value === null
      ? malformed('not JSON: no value')
      : { ok: true, value: this.value.parsed };
  }
}

function parseWhole(chunks: readonly Uint8Array[]): ParsedBody {
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown };
  } catch (error) {
    return malformed(`not JSON: ${(error as Error).message}`);
  }
}

/**
 * A response body's JSON within `limits.maxBytes`. A failed read (the request's signal aborted, the
 * connection dropped) throws, for the caller to type.
 */
export async function readJsonBody(
  body: ReadableStream<Uint8Array> | null,
  limits: BodyLimits = BODY_LIMITS,
): Promise<ParsedBody> {
  if (body === null) return malformed('not JSON: empty body');
  const reader = body.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let streamed: StreamedValue | null = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limits.maxBytes) {
      await reader.cancel();
      return malformed(`body over ${limits.maxBytes} bytes`);
    }
    if (streamed === null) {
      head.push(value);
      if (size <= limits.streamFromBytes) continue;
      streamed = new StreamedValue();
      for (const chunk of head.splice(0)) streamed.write(chunk);
    } else streamed.write(value);
    if (streamed.error !== null) {
      await reader.cancel();
      return streamed.end();
    }
  }
  return streamed === null ? parseWhole(head) : streamed.end();
}
