/**
 * The production setup for `npm run start:cluster`: a throwaway PostgreSQL server, several backend
 * processes on it, and a round-robin proxy in front of them on the backend's usual address, so the
 * app and the tools reach "the backend" as they would a load balancer.
 */
import type { RunningChild } from './childProcess';
import { startClusterProxy } from './clusterProxy';
import { startThrowawayPostgres } from './postgres';
import type { Service } from './supervisor';

export interface ClusterOptions {
  host: string;
  /** Where the proxy listens: the backend's usual port. */
  port: number;
  /** Each backend process's own port. */
  backendPorts: readonly number[];
  /** One backend process on `port` with these settings on top of the usual ones. */
  backend(label: string, port: number, env: NodeJS.ProcessEnv): Service;
}

export function clusterServices(options: ClusterOptions): Service[] {
  let databaseUrl: string | null = null;
  const postgres: Service = {
    label: 'PostgreSQL',
    get url() {
      return databaseUrl ?? 'a free port of 127.0.0.1';
    },
    async start(): Promise<RunningChild> {
      const server = await startThrowawayPostgres();
      databaseUrl = server.url;
      let stopped: (how: string) => void = () => {};
      const exited = new Promise<string>((resolve) => (stopped = resolve));
      let stopping: Promise<void> | null = null;
      return {
        name: 'postgres',
        exited,
        stop: () => (stopping ??= server.stop().finally(() => stopped('stopped'))),
      };
    },
  };
  const backendUrls = options.backendPorts.map((port) => `http://${options.host}:${port}`);
  const backends = options.backendPorts.map((port, index): Service => {
    const label = `backend ${index + 1}`;
    return {
      label,
      url: `${backendUrls[index]}/health`,
      start: (abort) => {
        if (databaseUrl === null) throw new Error(`${label}: the PostgreSQL server is not up.`);
        return options
          .backend(label, port, {
            DATABASE_URL: databaseUrl,
            // Behind the proxy, the client's address is the X-Forwarded-For it adds.
            TRUST_PROXY: 'true',
            // One count per user and address over all processes.
            RATE_LIMIT_STORE: 'postgres',
          })
          .start(abort);
      },
    };
  });
  const proxy: Service = {
    label: 'backend (proxy)',
    url: `http://${options.host}:${options.port}/health`,
    start: () =>
      startClusterProxy({ host: options.host, port: options.port, targets: backendUrls }),
  };
  return [postgres, ...backends, proxy];
}
