/**
 * Decodes HTML character references in one linear pass: numeric ones (&#8217; &#x2019;) and the
 * named ones job descriptions use. An unknown or malformed reference stays as written. Each "&"
 * looks at most MAX_REFERENCE characters ahead, so the cost is linear whatever the input.
 */
const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  bull: '•',
  middot: '·',
  lsquo: '‘',
  rsquo: '’',
  sbquo: '‚',
  ldquo: '“',
  rdquo: '”',
  bdquo: '„',
  laquo: '«',
  raquo: '»',
  copy: '©',
  reg: '®',
  trade: '™',
  deg: '°',
  plusmn: '±',
  times: '×',
  divide: '÷',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  para: '¶',
  dagger: '†',
  Dagger: '‡',
  prime: '′',
  rarr: '→',
  larr: '←',
  check: '✓',
  zwj: '',
  zwnj: '',
  shy: '',
  lrm: '',
  rlm: '',
  iexcl: '¡',
  iquest: '¿',
  frac12: '½',
  eacute: 'é',
  Eacute: 'É',
  egrave: 'è',
  agrave: 'à',
  aacute: 'á',
  oacute: 'ó',
  uacute: 'ú',
  iacute: 'í',
  ntilde: 'ñ',
  ccedil: 'ç',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  szlig: 'ß',
};

const MAX_REFERENCE = 32;
const REPLACEMENT = '\uFFFD';

function codePointText(codePoint: number): string {
  const valid =
    Number.isInteger(codePoint) &&
    codePoint > 0 &&
    codePoint <= 0x10ffff &&
    !(codePoint >= 0xd800 && codePoint <= 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : REPLACEMENT;
}

function decodeReference(body: string): string | null {
  if (body.startsWith('#x') || body.startsWith('#X')) {
    const digits = body.slice(2);
    return digits.length > 0 && isHex(digits) ? codePointText(parseInt(digits, 16)) : null;
  }
  if (body.startsWith('#')) {
    const digits = body.slice(1);
    return digits.length > 0 && isDecimal(digits) ? codePointText(parseInt(digits, 10)) : null;
  }
  return Object.hasOwn(NAMED, body) ? (NAMED[body] ?? null) : null;
}

const isDecimal = (text: string) => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
};

const isHex = (text: string) => {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i) | 0x20;
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
};

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  const parts: string[] = [];
  let copiedUpTo = 0;
  let index = text.indexOf('&');
  while (index !== -1) {
    const limit = Math.min(text.length, index + MAX_REFERENCE);
    let end = index + 1;
    while (
      end < limit &&
      text.charCodeAt(end) !== 59 /* ; */ &&
      text.charCodeAt(end) !== 38 /* & */
    )
      end += 1;
    const decoded =
      end < limit && text.charCodeAt(end) === 59
        ? decodeReference(text.slice(index + 1, end))
        : null;
    if (decoded !== null) {
      parts.push(text.slice(copiedUpTo, index), decoded);
      copiedUpTo = end + 1;
      index = text.indexOf('&', copiedUpTo);
    } else {
      index = text.indexOf('&', index + 1);
    }
  }
  parts.push(text.slice(copiedUpTo));
  return parts.join('');
}
