import type { Readable } from 'node:stream';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';

/** Far beyond the XML of any CV, yet small enough for the parser's memory limit. */
export const MAX_INFLATED_BYTES = 20 * 1024 * 1024;
const MAX_ENTRIES = 2000;

export type ArchiveVerdict = 'ok' | 'unreadable' | 'too-large';

/** Whether the entry really inflates to more than its header declares (stops reading there). */
async function inflatesBeyondDeclared(zip: ZipFile, entry: Entry): Promise<boolean> {
  const stream: Readable = await zip.openReadStreamPromise(entry);
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > entry.uncompressedSize) {
      stream.destroy();
      return true;
    }
  }
  return false;
}

/**
 * Whether a Word file (a ZIP archive) may go to the parser: 'too-large' when its parts, as the
 * central directory declares them, add up to more than MAX_INFLATED_BYTES, or when a part really
 * inflates to more than it declares (so the real total is within the limit too). Checked before the
 * parser inflates anything: a zip bomb of a few hundred kilobytes can unpack to gigabytes.
 */
export async function checkDocxArchive(bytes: Uint8Array): Promise<ArchiveVerdict> {
  let zip: ZipFile;
  try {
    // Our own count replaces yauzl's size check, so a lie is told apart from a broken archive.
    zip = await fromBufferPromise(Buffer.from(bytes), { validateEntrySizes: false });
  } catch {
    return 'unreadable';
  }
  if (zip.entryCount > MAX_ENTRIES) return 'too-large';
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > MAX_INFLATED_BYTES) return 'too-large';
      if (await inflatesBeyondDeclared(zip, entry)) return 'too-large';
    }
  } catch {
    return 'unreadable';
  }
  return 'ok';
}
