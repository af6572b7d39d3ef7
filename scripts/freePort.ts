import { createServer } from 'node:net';

/** Listens on 127.0.0.1:`port` (0: the system picks) and closes again: the port it got, or null. */
async function probe(port: number): Promise<number | null> {
  const server = createServer();
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (!listening) return null;
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address === null || typeof address === 'string' ? null : address.port;
}

/** A TCP port on 127.0.0.1 that nothing listens on right now (the system picks it). */
export async function freePort(): Promise<number> {
  const port = await probe(0);
  if (port === null) throw new Error('No free port was assigned.');
  return port;
}

/** True when nothing listens on 127.0.0.1:`port` right now. */
export async function portIsFree(port: number): Promise<boolean> {
  return (await probe(port)) !== null;
}
