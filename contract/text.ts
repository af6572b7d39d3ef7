/**
 * The one rule for text that comes from outside (request bodies, uploaded files and their names):
 * no control characters but tab and line breaks, no lone UTF-16 surrogates (PostgreSQL refuses a
 * NUL, and a lone surrogate cannot be stored as UTF-8). The server's cleaning (`server/http/text.ts`)
 * and the request schemas share it.
 */

/** C0 and C1 controls but tab, line feed and carriage return; lone surrogates (a regex class body). */
export const UNSAFE_TEXT_CLASS =
  '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\p{Cs}';

/** A JSON schema `pattern` (Ajv compiles it with the `u` flag) that refuses unsafe characters. */
export const SAFE_TEXT_PATTERN = `^[^${UNSAFE_TEXT_CLASS}]*$`;
