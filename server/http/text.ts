/**
 * The one rule for text that comes from outside (request bodies, uploaded files and their names):
 * no control characters but tab and line breaks, no lone UTF-16 surrogates (PostgreSQL refuses a
 * NUL, and a lone surrogate cannot be stored as UTF-8), and no invisible characters that make a
 * value look blank or reorder what is shown (zero-width spaces, byte order marks, bidi controls).
 * The unsafe characters are the contract's, which the request schemas refuse.
 */

import { UNSAFE_TEXT_CLASS } from '../../contract';

/**
 * Characters that show nothing, or reorder what follows: soft hyphen, Arabic letter mark,
 * Mongolian vowel separator, zero-width space, left-to-right and right-to-left marks, bidi
 * embeddings, overrides and isolates, word joiner and invisible operators, byte order mark.
 */
const INVISIBLE =
  /[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** Joiners are needed inside some scripts' words, never at a value's ends. */
const EDGES = /^[\s\u200C\u200D]+|[\s\u200C\u200D]+$/gu;

const UNSAFE = new RegExp(`[${UNSAFE_TEXT_CLASS}]`, 'gu');

/** Whether the text holds no control character (but tab and line breaks) and no lone surrogate. */
export function isSafeText(value: string): boolean {
  return value.match(UNSAFE) === null;
}

/** Without control characters (but tab and line breaks), lone surrogates and invisible ones; NFC. */
export function stripUnsafeText(value: string): string {
  return value.replace(UNSAFE, '').normalize('NFC').replace(INVISIBLE, '');
}

/**
 * One line of safe text as it is stored: NFC, invisible characters removed, whitespace runs as one
 * space, trimmed. A value that was only invisible characters comes out empty.
 */
export function cleanLine(value: string): string {
  return stripUnsafeText(value).replace(/\s+/g, ' ').replace(EDGES, '');
}
