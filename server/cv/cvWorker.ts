/**
 * The CV worker process (cvReader): loads its parsers, says it is ready, parses the one file it is
 * sent, posts the ParseResult back and ends.
 */
import { loadParsers, parseCv, type ParsedMediaType } from './parseCv';

interface CvJob {
  bytes: Uint8Array;
  mediaType: ParsedMediaType;
}

function send(message: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    process.send?.(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

process.once('message', (job: CvJob) => {
  void parseCv(job.bytes, job.mediaType)
    .then(send)
    .finally(() => process.disconnect());
});
await loadParsers();
await send('ready');
