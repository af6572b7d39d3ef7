import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { withHostSlot } from '../../../server/jobs/sources/hostSlots';

/** Requests that stay in flight until the test ends them, one by one. */
function heldRequests() {
  const started: string[] = [];
  const enders: (() => void)[] = [];
  const request = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      enders.push(() => resolve(name));
    });
  return { started, endOldest: () => enders.shift()?.(), request };
}

describe('withHostSlot', () => {
  it('keeps at most the limit in flight to one host and starts the rest in order', async () => {
    const held = heldRequests();
    const signal = new AbortController().signal;
    const runs = ['a', 'b', 'c', 'd'].map((name) =>
      withHostSlot(`http://api.test/${name}`, signal, held.request(name), 2),
    );
    await turn();
    expect(held.started).toEqual(['a', 'b']);
    held.endOldest();
    await turn();
    expect(held.started).toEqual(['a', 'b', 'c']);
    held.endOldest();
    held.endOldest();
    await turn();
    held.endOldest();
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('never holds back another host', async () => {
    const held = heldRequests();
    const signal = new AbortController().signal;
    const busy = [1, 2].map((n) =>
      withHostSlot(`http://busy.test/${n}`, signal, held.request(`busy${n}`), 1),
    );
    const other = withHostSlot('http://other.test/', signal, held.request('other'), 1);
    await turn();
    expect(held.started).toEqual(['busy1', 'other']);
    held.endOldest();
    held.endOldest();
    await turn();
    held.endOldest();
    await Promise.all([...busy, other]);
  });

  it('gives up its place when its time limit ends while it waits', async () => {
    const held = heldRequests();
    const first = withHostSlot(
      'http://slow.test/1',
      new AbortController().signal,
      held.request('1'),
      1,
    );
    const waiting = new AbortController();
    const second = withHostSlot('http://slow.test/2', waiting.signal, held.request('2'), 1);
    waiting.abort(new DOMException('time limit', 'TimeoutError'));
    await expect(second).rejects.toMatchObject({ name: 'TimeoutError' });
    held.endOldest();
    await first;
    expect(held.started).toEqual(['1']);
    const third = withHostSlot(
      'http://slow.test/3',
      new AbortController().signal,
      held.request('3'),
      1,
    );
    await turn();
    held.endOldest();
    await third;
    expect(held.started).toEqual(['1', '3']);
  });
});
