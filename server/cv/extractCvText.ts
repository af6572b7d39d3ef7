import type { CvMediaType } from '../../contract';
import { ApiFailure } from '../apiFailure';
import { cleanCvText } from './cleanCvText';
import type { CvReader } from './cvReader';

/**
 * The CV's text, cleaned (`cleanCvText`). A PDF or Word file is parsed in a worker process
 * (`reader`): one the parser cannot open is `cv-unreadable`, one beyond the parser's limits
 * `cv-too-complex`; one that opens but holds no text (a scanned PDF) is `cv-no-text`.
 */
export async function extractCvText(
  reader: CvReader,
  bytes: Uint8Array,
  mediaType: CvMediaType,
): Promise<string> {
  const raw =
    mediaType === 'text/plain'
      ? new TextDecoder('utf-8').decode(bytes)
      : await reader.read(bytes, mediaType);
  const text = cleanCvText(raw);
  if (text === '') throw new ApiFailure('cv-no-text');
  return text;
}
