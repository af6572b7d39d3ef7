/**
 * One linear pass over text into word tokens, for skill lookup. No regular expressions: every
 * character is looked at a bounded number of times, so hostile input of any size costs O(length).
 *
 * A token is a run of letters, digits and "_", which may hold "." or "&" between word characters
 * ("Node.js", "ASP.NET", "R&D"), may start with "." (".NET") and may end with "+" or "#" ("C++",
 * "C#", "C++17"). Everything else separates tokens; ". ! ? ; newline and bullets also end a sentence.
 * An e-mail or web address ("partners@acme.com", "https://acme.dev/go") holds no words: its parts
 * name a mailbox or a page, not a skill.
 */
export interface Tokens {
  readonly words: readonly string[];
  /** breakBefore[i]: a sentence boundary lies between token i-1 and token i. */
  readonly breakBefore: readonly boolean[];
  /** pauseBefore[i]: a comma, colon or bracket lies between token i-1 and token i ("product, marketing"). */
  readonly pauseBefore: readonly boolean[];
  /** hyphenAfter[i]: token i is joined to the next by a hyphen ("C-level", "Go-to-market"). */
  readonly hyphenAfter: readonly boolean[];
}

const PLUS = 43;
const HASH = 35;
const DOT = 46;
const AMPERSAND = 38;
const HYPHEN = 45;

const isDigit = (code: number) => code >= 48 && code <= 57;

const isNonAsciiSeparator = (code: number) =>
  code === 0xd7 || // multiplication sign
  code === 0xf7 || // division sign
  (code >= 0x2000 && code <= 0x206f) || // general punctuation, typographic spaces, bullets, dashes
  (code >= 0x3000 && code <= 0x303f) || // CJK punctuation
  (code >= 0xd800 && code <= 0xdfff) || // surrogate halves (emoji and the like)
  code === 0xfeff;

export const isWordChar = (code: number): boolean =>
  isDigit(code) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95 ||
  (code >= 0xc0 && !isNonAsciiSeparator(code));

/** A comma, colon or bracket: a multi-word name never spans one. */
const isPause = (code: number) =>
  code === 44 || code === 58 || code === 40 || code === 41 || code === 91 || code === 93;

const isSentenceBreak = (code: number) =>
  code === 10 ||
  code === 13 ||
  code === DOT ||
  code === 33 ||
  code === 63 ||
  code === 59 ||
  code === 0x2022 ||
  code === 0xb7;

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;
const AT = 64;

/**
 * Where the run of non-space characters from `start` ends when it is an e-mail or web address
 * (it holds "@" or "://"), else -1. A run is looked at once, from its first character.
 */
function addressEnd(text: string, start: number): number {
  let end = start;
  let address = false;
  while (end < text.length && !isSpace(text.charCodeAt(end))) {
    const code = text.charCodeAt(end);
    if (code === AT || (code === 58 && text.startsWith('//', end + 1))) address = true;
    end += 1;
  }
  return address ? end : -1;
}

/** The end of the token that starts at `start` (exclusive). */
function tokenEnd(text: string, start: number): number {
  const length = text.length;
  let end = start + 1;
  while (end < length) {
    const code = text.charCodeAt(end);
    if (isWordChar(code)) {
      end += 1;
    } else if (
      (code === DOT || code === AMPERSAND) &&
      end + 1 < length &&
      isWordChar(text.charCodeAt(end + 1))
    ) {
      end += 2;
    } else {
      break;
    }
  }
  let suffixEnd = end;
  while (
    suffixEnd < length &&
    (text.charCodeAt(suffixEnd) === PLUS || text.charCodeAt(suffixEnd) === HASH)
  ) {
    suffixEnd += 1;
  }
  if (suffixEnd === end) return end;
  // "C++17" keeps its version; "Python+Django" is two words joined by "+".
  const after = suffixEnd < length ? text.charCodeAt(suffixEnd) : -1;
  if (isDigit(after)) {
    while (suffixEnd < length && isDigit(text.charCodeAt(suffixEnd))) suffixEnd += 1;
    return suffixEnd;
  }
  return isWordChar(after) ? end : suffixEnd;
}

export function tokenize(text: string): Tokens {
  const words: string[] = [];
  const breakBefore: boolean[] = [];
  const hyphenAfter: boolean[] = [];
  const pauseBefore: boolean[] = [];
  const length = text.length;
  let pendingBreak = false;
  let pendingPause = false;
  let index = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    const runStart = index === 0 || isSpace(text.charCodeAt(index - 1));
    const skipTo = runStart && !isSpace(code) ? addressEnd(text, index) : -1;
    if (skipTo !== -1) {
      // No name spans an address; one that ends its sentence ("mail jobs@acme.com.") still ends it.
      pendingPause = true;
      if (isSentenceBreak(text.charCodeAt(skipTo - 1))) pendingBreak = true;
      index = skipTo;
      continue;
    }
    const startsToken =
      isWordChar(code) ||
      (code === DOT && index + 1 < length && isWordChar(text.charCodeAt(index + 1)));
    if (!startsToken) {
      if (isSentenceBreak(code)) pendingBreak = true;
      if (isPause(code)) pendingPause = true;
      index += 1;
      continue;
    }
    const end = tokenEnd(text, index);
    words.push(text.slice(index, end));
    breakBefore.push(pendingBreak);
    pauseBefore.push(pendingPause);
    hyphenAfter.push(
      end + 1 < length && text.charCodeAt(end) === HYPHEN && isWordChar(text.charCodeAt(end + 1)),
    );
    pendingBreak = false;
    pendingPause = false;
    index = end;
  }
  return { words, breakBefore, pauseBefore, hyphenAfter };
}
