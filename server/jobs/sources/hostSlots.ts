/** Requests in flight to one API host at most: many boards share a host, which rate-limits us. */
export const MAX_REQUESTS_PER_HOST = 8;

interface HostQueue {
  active: number;
  readonly waiting: (() => void)[];
}

const hosts = new Map<string, HostQueue>();

function waitForSlot(queue: HostQueue, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      const at = queue.waiting.indexOf(take);
      if (at >= 0) queue.waiting.splice(at, 1);
      reject(signal.reason as Error);
    };
    const take = () => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    };
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    queue.waiting.push(take);
  });
}

/**
 * Runs `run` once fewer than `limit` requests to the URL's host are in flight, in arrival order.
 * Waiting counts against the caller's time limit: an aborted `signal` gives up its place.
 */
export async function withHostSlot<T>(
  url: string,
  signal: AbortSignal,
  run: () => Promise<T>,
  limit = MAX_REQUESTS_PER_HOST,
): Promise<T> {
  const host = new URL(url).host;
  const queue = hosts.get(host) ?? { active: 0, waiting: [] };
  hosts.set(host, queue);
  // A waiter is handed the slot of the request that ended, so nobody can slip in between.
  if (queue.active >= limit) await waitForSlot(queue, signal);
  else queue.active += 1;
  try {
    return await run();
  } finally {
    const next = queue.waiting.shift();
    if (next !== undefined) next();
    else {
      queue.active -= 1;
      if (queue.active === 0) hosts.delete(host);
    }
  }
}
