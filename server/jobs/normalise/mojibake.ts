/**
 * Text whose UTF-8 bytes were once read as Windows-1252 ("Weâ€™re", "1â€“4 years", "Â£61,100"), as
 * some boards and the tools that copy postings into them store it: each such run is turned back into
 * the character it stands for. A run is a UTF-8 lead byte's character followed by as many
 * continuation bytes' characters as that lead asks, and is replaced only when its bytes are valid
 * UTF-8, so ordinary accented text ("Café – naïve") stays as it is.
 */

const UTF8 = new TextDecoder('utf-8');

/**
 * What Windows-1252 shows for the bytes 0x80-0x9F (the five it leaves undefined stay C1 controls,
 * as browsers decode them); 0xA0-0xFF are the same code points as the bytes. Written out because
 * Node's TextDecoder reads 'windows-1252' as Latin-1.
 */
const SHOWN_FOR_80_TO_9F =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Each character Windows-1252 shows for a byte 0x80-0xFF, mapped back to that byte. */
const BYTE_OF = new Map<string, number>();
for (let byte = 0x80; byte <= 0xff; byte += 1)
  BYTE_OF.set(
    byte < 0xa0 ? (SHOWN_FOR_80_TO_9F[byte - 0x80] ?? '') : String.fromCharCode(byte),
    byte,
  );

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
/** The characters of the continuation bytes 0x80-0xBF. */
const TAIL = `[${[...BYTE_OF]
  .filter(([, byte]) => byte <= 0xbf)
  .map(([char]) => escaped(char))
  .join('')}]`;
const RUN = new RegExp(
  `[\\u00c2-\\u00df]${TAIL}|[\\u00e0-\\u00ef]${TAIL}{2}|[\\u00f0-\\u00f4]${TAIL}{3}`,
  'g',
);

/** The run's bytes as UTF-8; the run itself when they are not valid UTF-8 (meant as written). */
const decoded = (run: string): string => {
  const text = UTF8.decode(Uint8Array.from(run, (char) => BYTE_OF.get(char) ?? 0));
  return text.includes('\uFFFD') ? run : text;
};

export const repairMojibake = (text: string): string => text.replace(RUN, decoded);
