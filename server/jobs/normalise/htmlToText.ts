import { decodeEntities } from './decodeEntities';

/**
 * HTML to readable plain text in linear time, without regular expressions: tags are dropped, block
 * tags become line breaks, list items get a "- ", script/style/template bodies and comments go,
 * character references are decoded and whitespace is tidied. Each search for the end of a tag
 * starts where the previous one ended or past it, so hostile input ("<<<<", unclosed comments) is
 * still O(length).
 */
const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'p',
  'div',
  'br',
  'ul',
  'ol',
  'tr',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'pre',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dl',
  'dt',
  'dd',
  'main',
  'aside',
]);
const HIDDEN_TAGS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'head',
]);

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isTagNameChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 45;

export function htmlToText(html: string): string {
  const lower = html.toLowerCase();
  const out: string[] = [];
  let textStart = 0;
  let index = html.indexOf('<');
  let nextClose = -1;

  const flushText = (end: number) => {
    if (end > textStart) out.push(decodeEntities(html.slice(textStart, end)));
  };

  while (index !== -1 && index < html.length) {
    const afterLt = html.charCodeAt(index + 1);
    const closing = afterLt === 47; /* / */
    const nameStart = closing ? index + 2 : index + 1;

    if (html.startsWith('<!--', index)) {
      flushText(index);
      const end = html.indexOf('-->', index + 4);
      textStart = end === -1 ? html.length : end + 3;
      index = html.indexOf('<', textStart);
      continue;
    }
    const startsTag =
      isLetter(html.charCodeAt(nameStart)) ||
      (!closing && (afterLt === 33 || afterLt === 63)); /* ! ? */
    if (!startsTag) {
      index = html.indexOf('<', index + 1);
      continue;
    }
    if (nextClose < index) nextClose = html.indexOf('>', index);
    if (nextClose === -1) break; // an unclosed "<" to the end is text

    let nameEnd = nameStart;
    while (nameEnd < nextClose && isTagNameChar(html.charCodeAt(nameEnd))) nameEnd += 1;
    const name = lower.slice(nameStart, nameEnd);
    flushText(index);
    if (name === 'li') out.push(closing ? '' : '\n- ');
    else if (BLOCK_TAGS.has(name)) out.push('\n');
    else if (name === 'td' || name === 'th') out.push(' ');

    textStart = nextClose + 1;
    if (!closing && HIDDEN_TAGS.has(name)) {
      const end = lower.indexOf(`</${name}`, textStart);
      textStart = end === -1 ? html.length : end;
    }
    index = html.indexOf('<', textStart);
  }
  flushText(html.length);
  return tidyWhitespace(out.join(''));
}

const isBlank = (code: number) =>
  code === 32 || code === 9 || code === 13 || code === 0xa0 || code === 12 || code === 11;

/** One line with runs of blanks collapsed to one space and no blanks at either end. */
function tidyLine(line: string): string {
  const words: string[] = [];
  let index = 0;
  while (index < line.length) {
    while (index < line.length && isBlank(line.charCodeAt(index))) index += 1;
    const start = index;
    while (index < line.length && !isBlank(line.charCodeAt(index))) index += 1;
    if (index > start) words.push(line.slice(start, index));
  }
  return words.join(' ');
}

/** Collapses blanks within lines, trims every line, and keeps at most one blank line in a row. */
export function tidyWhitespace(text: string): string {
  const lines: string[] = [];
  for (const rawLine of text.split('\n')) {
    const line = tidyLine(rawLine);
    if (line.length > 0) lines.push(line);
    else if (lines.length > 0 && lines[lines.length - 1] !== '') lines.push('');
  }
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}
