import { describe, expect, it } from 'vitest';
import { answers, startChild, type ChildSpec } from '../../scripts/childProcess';
import { supervise } from '../../scripts/supervisor';
import { freePort } from '../../scripts/freePort';

/** A tiny HTTP server child; `ignoreTerm` makes it shrug off its clean-shutdown signal. */
async function serverSpec(
  name: string,
  options: { ignoreTerm?: boolean } = {},
): Promise<ChildSpec> {
  const port = await freePort();
  const script = [
    options.ignoreTerm ? "process.on('SIGTERM', () => {});" : '',
    `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1');`,
  ].join('');
  return {
    name,
    command: process.execPath,
    args: ['-e', script],
    readyUrls: [`http://127.0.0.1:${port}/`],
    startTimeoutMs: 10_000,
    stopSignal: 'SIGTERM',
    stopTimeoutMs: 500,
    output: 'errors',
  };
}

describe('a supervised child process', () => {
  it('is ready once its URL answers, and gone after stop()', async () => {
    const spec = await serverSpec('server');
    const child = await startChild(spec);
    expect(await answers(spec.readyUrls[0]!)).toBe(true);
    await child.stop();
    expect(await child.exited).toBe('signal SIGTERM');
    expect(await answers(spec.readyUrls[0]!)).toBe(false);
  });

  it('is killed when it ignores its clean-shutdown signal past the time limit', async () => {
    const child = await startChild(await serverSpec('stubborn', { ignoreTerm: true }));
    await child.stop();
    expect(await child.exited).toBe('signal SIGKILL');
  });

  it('fails to start, saying why, when it exits first or never answers', async () => {
    const spec = await serverSpec('quitter');
    await expect(startChild({ ...spec, args: ['-e', 'process.exit(3)'] })).rejects.toThrow(
      'quitter stopped while starting (exit code 3).',
    );
    const silent = { ...spec, args: ['-e', 'setInterval(() => {}, 1000)'], startTimeoutMs: 300 };
    await expect(startChild(silent)).rejects.toThrow(/quitter did not answer on .* within 0.3 s/);
  });

  it('refuses to start on a port that already answers', async () => {
    const spec = await serverSpec('first');
    const first = await startChild(spec);
    try {
      await expect(startChild({ ...spec, name: 'second' })).rejects.toThrow(/already answers/);
    } finally {
      await first.stop();
    }
  });
});

describe('supervise', () => {
  it('stops every process and fails when one of them ends on its own', async () => {
    const steady = await serverSpec('steady');
    const brief = await serverSpec('brief');
    const crashing: ChildSpec = {
      ...brief,
      args: ['-e', `${brief.args[1]}; setTimeout(() => process.exit(7), 300);`],
    };
    const exitCode = await supervise([
      { label: 'steady', url: steady.readyUrls[0]!, start: (abort) => startChild(steady, abort) },
      { label: 'brief', url: brief.readyUrls[0]!, start: (abort) => startChild(crashing, abort) },
    ]);
    expect(exitCode).toBe(1);
    expect(await answers(steady.readyUrls[0]!)).toBe(false);
  });
});
