/**
 * Runs a list of long-running processes for development: starts them in order (each once the one
 * before answers), then stops them all, last started first, on Ctrl-C (SIGINT), SIGTERM or
 * SIGHUP, or as soon as one of them ends on its own. Resolves with the exit code to use.
 */
import type { RunningChild } from './childProcess';

export interface Service {
  /** Names it in messages ("Auth Emulator", "app"). */
  label: string;
  /** Where people reach it, printed once everything runs. */
  url: string;
  start(abort: AbortSignal): Promise<RunningChild>;
}

const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

async function stopAll(running: readonly RunningChild[]): Promise<void> {
  for (const child of [...running].reverse()) await child.stop();
}

export async function supervise(services: readonly Service[]): Promise<number> {
  const abort = new AbortController();
  let stopRequest: (reason: string) => void = () => {};
  const stopRequested = new Promise<string>((resolve) => (stopRequest = resolve));
  const onSignal = (signal: NodeJS.Signals): void => {
    abort.abort();
    stopRequest(signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);

  const running: RunningChild[] = [];
  try {
    for (const service of services) {
      console.log(`Starting the ${service.label} (${service.url})…`);
      try {
        running.push(await service.start(abort.signal));
      } catch (error) {
        console.error(`\n✗ ${(error as Error).message}`);
        await stopAll(running);
        return abort.signal.aborted ? 0 : 1;
      }
    }
    console.log('\nApplyFirst is running:');
    for (const service of services) console.log(`  ${service.label.padEnd(16)} ${service.url}`);
    console.log('Press Ctrl-C to stop everything.\n');

    const endedOnItsOwn = running.map((child) => child.exited.then((how) => ({ child, how })));
    const outcome = await Promise.race([
      stopRequested.then((signal) => ({ signal })),
      ...endedOnItsOwn,
    ]);
    if ('signal' in outcome) {
      console.log(`\n${outcome.signal}: stopping everything…`);
      await stopAll(running);
      console.log('Stopped.');
      return 0;
    }
    console.error(`\n✗ ${outcome.child.name} stopped (${outcome.how}); stopping the others.`);
    await stopAll(running);
    return 1;
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, onSignal);
  }
}
