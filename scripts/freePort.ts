import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on right now (the system picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') {
    throw new Error('No free port was assigned.');
  }
  return address.port;
}
