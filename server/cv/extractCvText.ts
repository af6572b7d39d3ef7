import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import type { CvMediaType } from '../../src/backendApi';
import { ApiFailure } from '../apiFailure';
import { withTimeLimit } from '../withTimeLimit';
import { cleanCvText } from './cleanCvText';

const EXTRACTION_LIMIT_MS = 20_000;

async function extractPdf(bytes: Uint8Array): Promise<string> {
  // No pdf.js console warnings in the logs, and no font code compiled with eval (untrusted files).
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

async function extractDocx(bytes: Uint8Array): Promise<string> {
  const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return value;
}

function extract(bytes: Uint8Array, mediaType: CvMediaType): Promise<string> {
  switch (mediaType) {
    case 'application/pdf':
      return extractPdf(bytes);
    case 'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
      return extractDocx(bytes);
    case 'text/plain':
      return Promise.resolve(new TextDecoder('utf-8').decode(bytes));
  }
}

/**
 * The CV's text, cleaned (`cleanCvText`). A file the parser cannot open is `cv-unreadable`;
 * one that opens but holds no text (a scanned PDF) is `cv-no-text`.
 */
export async function extractCvText(bytes: Uint8Array, mediaType: CvMediaType): Promise<string> {
  let raw: string;
  try {
    raw = await withTimeLimit(extract(bytes, mediaType), EXTRACTION_LIMIT_MS, 'Reading the CV');
  } catch (error) {
    throw new ApiFailure('cv-unreadable', { cause: error });
  }
  const text = cleanCvText(raw);
  if (text === '') throw new ApiFailure('cv-no-text');
  return text;
}
