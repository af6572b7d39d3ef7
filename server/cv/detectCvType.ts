import { fileTypeFromBuffer } from 'file-type';
import type { CvMediaType } from '../../contract';

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The CV's type from its content (magic numbers), never from its name; null if not accepted. */
export async function detectCvType(bytes: Uint8Array): Promise<CvMediaType | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'application/pdf') return 'application/pdf';
  if (detected?.ext === 'docx') {
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  }
  if (detected === undefined && isPlainText(bytes)) return 'text/plain';
  return null;
}
