import { stripUnsafeText } from '../http/text';

const MAX_TEXT_CHARS = 200_000;

/**
 * A CV's extracted text as it is stored: safe text (`stripUnsafeText`: a NUL from a Word file's
 * `&#0;` would fail in PostgreSQL), whitespace tidied, capped. Empty when it held no text.
 */
export function cleanCvText(raw: string): string {
  const tidy = stripUnsafeText(raw)
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  // The cap can cut a surrogate pair in two: the half left is dropped with the second pass.
  return stripUnsafeText(tidy.slice(0, MAX_TEXT_CHARS)).trimEnd();
}
