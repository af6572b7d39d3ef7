/**
 * A small round-robin HTTP proxy for `npm run start:cluster`: each request goes to the next backend
 * in turn, as a load balancer would send it, with bodies streamed both ways (the alert stream's
 * events pass as they come) and the client's address in X-Forwarded-For. A client that goes away
 * takes its backend request with it, so a closed page ends its stream on the backend too.
 */
import http from 'node:http';
import type { RunningChild } from './childProcess';

export interface ClusterProxyOptions {
  host: string;
  port: number;
  /** The backends' base URLs (http://host:port). */
  targets: readonly string[];
}

export interface ClusterProxy extends RunningChild {
  readonly url: string;
}

export async function startClusterProxy(options: ClusterProxyOptions): Promise<ClusterProxy> {
  const targets = options.targets.map((target) => new URL(target));
  if (targets.length === 0) throw new Error('The proxy needs at least one backend.');
  let turn = 0;
  const server = http.createServer((request, response) => {
    const target = targets[turn++ % targets.length] as URL;
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress]
      .filter((part) => part !== undefined && part !== '')
      .join(', ');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, 'x-forwarded-for': forwardedFor },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        answer.once('error', () => response.destroy());
      },
    );
    upstream.once('error', (error) => {
      console.error(`[proxy] ${request.method} to ${target.host} failed: ${error.message}`);
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain' }).end('backend unavailable\n');
    });
    response.once('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const exited = new Promise<string>((resolve) => {
    server.once('close', () => resolve('closed'));
    server.once('error', (error) => resolve(`failed: ${error.message}`));
  });
  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Open alert streams would hold the server forever.
      server.closeAllConnections();
    });
    return stopping;
  };
  return { name: 'proxy', url: `http://${options.host}:${options.port}`, exited, stop };
}
