/**
 * The CV reader's limits, on the real worker process with limits tightened per test: a hostile file
 * is stopped by the one limit it meets (time, heap or resident memory), and a full queue refuses.
 */
import { describe, expect, it } from 'vitest';
import { createCvReader, type CvReaderLimits } from '../../server/cv/cvReader';
import { docxWithText, pdfBomb, pdfWithText } from './support/cvFiles';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** A worker parsing on two cores shared with the other test files can take tens of seconds. */
const SLOW_TEST_MS = 120_000;
const UNLIMITED: CvReaderLimits = {
  concurrency: 2,
  queueLength: 6,
  timeLimitMs: 100_000,
  heapMb: 4096,
  residentMb: 1_000_000,
};

async function refusal(work: Promise<unknown>): Promise<{ code: unknown; ms: number }> {
  const started = performance.now();
  const error: unknown = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  return { code: (error as { code?: unknown } | null)?.code, ms: performance.now() - started };
}

describe('the CV reader', { timeout: SLOW_TEST_MS }, () => {
  it('reads a PDF and a Word file in its worker', async () => {
    const reader = createCvReader(UNLIMITED);
    expect(await reader.read(pdfWithText(['Jane Doe, Go developer']), 'application/pdf')).toBe(
      'Jane Doe, Go developer',
    );
    expect(await reader.read(docxWithText(['Jane Doe', 'Rust']), DOCX)).toContain('Rust');
  });

  it('stops a PDF that keeps the parser busy at the time limit', async () => {
    const reader = createCvReader({ ...UNLIMITED, timeLimitMs: 3000, residentMb: 2048 });
    const { code, ms } = await refusal(reader.read(await pdfBomb(300), 'application/pdf'));
    expect(code).toBe('cv-too-complex');
    // The limit counts from when the worker has loaded its parsers.
    expect(ms).toBeGreaterThanOrEqual(3000);
  });

  it('stops a PDF whose parse outgrows the resident memory limit, long before the time limit', async () => {
    const reader = createCvReader({ ...UNLIMITED, residentMb: 256 });
    const { code, ms } = await refusal(reader.read(await pdfBomb(300), 'application/pdf'));
    expect(code).toBe('cv-too-complex');
    expect(ms).toBeLessThan(UNLIMITED.timeLimitMs);
  });

  it('ends a worker whose parse outgrows its heap', async () => {
    const reader = createCvReader({ ...UNLIMITED, heapMb: 48 });
    // About 14 MiB of XML: within the archive limit, beyond 48 MiB of heap once parsed.
    const lines = Array.from({ length: 200_000 }, (_, i) => `Line ${i} of a long CV, engineer`);
    const { code, ms } = await refusal(reader.read(docxWithText(lines), DOCX));
    expect(code).toBe('cv-too-complex');
    expect(ms).toBeLessThan(UNLIMITED.timeLimitMs);
  });

  it('queues beyond its concurrency, and refuses beyond its queue with cv-busy', async () => {
    const reader = createCvReader({ ...UNLIMITED, concurrency: 1, queueLength: 1 });
    const pdf = pdfWithText(['Kotlin']);
    const reads = [1, 2, 3].map((n) =>
      reader.read(pdf, 'application/pdf').then(
        (text) => `${n}: ${text}`,
        (error: { code?: unknown }) => `${n}: ${String(error.code)}`,
      ),
    );
    expect(await Promise.all(reads)).toEqual(['1: Kotlin', '2: Kotlin', '3: cv-busy']);
  });
});
