import mammoth from 'mammoth';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import type { CvMediaType } from '../../contract';
import { checkDocxArchive } from './docxArchive';

/** Parsed files only: plain text needs no parser. */
export type ParsedMediaType = Exclude<CvMediaType, 'text/plain'>;

/** What a parse ends with; the refusals are the file's fault and become 4xx answers. */
export type ParseResult = { text: string } | { refused: 'cv-unreadable' | 'cv-too-complex' };

/** More than the stored text needs even after tidying, and bounds what goes back to the server. */
const MAX_RAW_CHARS = 1_000_000;

/**
 * Loads what unpdf would load at the first PDF (its pdf.js bundle), so that a worker started ahead
 * of its file has it ready.
 */
export async function loadParsers(): Promise<void> {
  await getResolvedPDFJS();
}

async function parsePdf(bytes: Uint8Array): Promise<string> {
  // No pdf.js console warnings in the logs, and no font code compiled with eval (untrusted files).
  // pdf.js takes a plain Uint8Array, not a Buffer.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    verbosity: 0,
    isEvalSupported: false,
  });
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } finally {
    await pdf.destroy();
  }
}

async function parseDocx(bytes: Uint8Array): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

/**
 * The file's raw text, read in the CV worker (the parsers only ever run there). A Word file's
 * archive is checked before mammoth inflates it.
 */
export async function parseCv(bytes: Uint8Array, mediaType: ParsedMediaType): Promise<ParseResult> {
  if (mediaType !== 'application/pdf') {
    const verdict = await checkDocxArchive(bytes);
    if (verdict === 'too-large') return { refused: 'cv-too-complex' };
    if (verdict === 'unreadable') return { refused: 'cv-unreadable' };
  }
  try {
    const text = mediaType === 'application/pdf' ? await parsePdf(bytes) : await parseDocx(bytes);
    return { text: text.slice(0, MAX_RAW_CHARS) };
  } catch {
    // The parsers throw for any file they cannot open; which one does not change the answer.
    return { refused: 'cv-unreadable' };
  }
}
