/**
 * One long-running child process (an emulator, a server) that is ready when its URLs answer, and
 * that is stopped, with a time limit, exactly once: never left behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

export interface ChildSpec {
  /** Names the process in its output prefix and in messages. */
  name: string;
  command: string;
  args: readonly string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** It is ready when every one of these answers HTTP. */
  readyUrls: readonly string[];
  startTimeoutMs: number;
  /** Its clean shutdown: SIGINT for the Firebase CLI, SIGTERM for Vite and Node servers. */
  stopSignal: NodeJS.Signals;
  /** After this long, the process group gets SIGKILL. */
  stopTimeoutMs: number;
  /** `prefixed`: every line on our stdout/stderr as `[name] line`; `errors`: stderr only. */
  output: 'prefixed' | 'errors';
}

export interface RunningChild {
  readonly name: string;
  /** Settles when the process has ended, for whatever reason, saying how. */
  readonly exited: Promise<string>;
  /** Stops it (its clean shutdown, then SIGKILL after the time limit); safe to call twice. */
  stop(): Promise<void>;
}

/** A process this module started: with its id (benchmarks read its memory). */
export interface StartedChild extends RunningChild {
  readonly pid: number;
}

const POLL_MS = 250;

/** True when something answers HTTP at the URL within a second. */
export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal ? `signal ${signal}` : `exit code ${code ?? 'unknown'}`;
}

function relayLines(stream: Readable | null, target: Writable, prefix: string): void {
  let partial = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) target.write(`${prefix}${line}\n`);
  });
  stream?.on('end', () => {
    if (partial !== '') target.write(`${prefix}${partial}\n`);
  });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    // Negative pid: the whole group, so the CLI's own children (the emulator) stop too.
    process.kill(-child.pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Spawns it in its own process group, so a terminal's Ctrl-C reaches only the supervisor. */
function spawnChild(spec: ChildSpec): ChildProcess {
  const child = spawn(spec.command, [...spec.args], {
    cwd: spec.cwd,
    env: spec.env ?? process.env,
    detached: true,
    // stdin stays an open pipe: a dev server that exits when stdin ends (Vite) then also exits
    // when this process dies without stopping it.
    stdio: ['pipe', spec.output === 'prefixed' ? 'pipe' : 'ignore', 'pipe'],
  });
  const prefix = `[${spec.name}] `;
  relayLines(child.stdout, process.stdout, prefix);
  relayLines(child.stderr, process.stderr, prefix);
  return child;
}

/**
 * Starts the process and resolves once its URLs answer. Rejects (having stopped it) when it exits
 * first, when the time limit passes, when `abort` fires, or when a URL already answers before it
 * starts (the port is taken).
 */
export async function startChild(spec: ChildSpec, abort?: AbortSignal): Promise<StartedChild> {
  for (const url of spec.readyUrls) {
    if (await answers(url)) {
      throw new Error(
        `${spec.name}: ${url} already answers (is another one running?). Stop it first.`,
      );
    }
  }
  const child = spawnChild(spec);
  const killOnExit = (): void => signalGroup(child, 'SIGKILL');
  // Whatever happens to this script, never leave the process behind.
  process.on('exit', killOnExit);
  let ended: string | null = null;
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => {
      ended = `could not start: ${error.message}`;
      resolve(ended);
    });
    child.once('exit', (code, signal) => {
      process.off('exit', killOnExit);
      ended = describeExit(code, signal);
      resolve(ended);
    });
  });

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (ended !== null) return;
      signalGroup(child, spec.stopSignal);
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), spec.stopTimeoutMs);
      await exited;
      clearTimeout(timer);
      // The group may outlive its leader (a grandchild that ignored the signal).
      signalGroup(child, 'SIGKILL');
    })();
    return stopping;
  };

  const deadline = Date.now() + spec.startTimeoutMs;
  const pending = new Set(spec.readyUrls);
  while (pending.size > 0) {
    if (ended !== null) throw new Error(`${spec.name} stopped while starting (${ended}).`);
    if (abort?.aborted) {
      await stop();
      throw new Error(`${spec.name}: start-up cancelled.`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `${spec.name} did not answer on ${[...pending].join(', ')} within ${spec.startTimeoutMs / 1000} s.`,
      );
    }
    for (const url of [...pending]) if (await answers(url)) pending.delete(url);
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { name: spec.name, pid: child.pid ?? 0, exited, stop };
}
