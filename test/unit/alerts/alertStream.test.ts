import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertsListener } from '../../../server/alerts/alertEvents';
import { openAlertStream } from '../../../server/alerts/alertStream';
import { frontendAlert } from '../../support/matchFixtures';

afterEach(() => {
  vi.useRealTimers();
});

function openFor(endsInMs: number, readAlerts = async () => [frontendAlert]) {
  let listener: AlertsListener | null = null;
  let userGone: (() => void) | null = null;
  const unsubscribe = vi.fn();
  const unsubscribeGone = vi.fn();
  const warn = vi.fn();
  const stream = openAlertStream({
    subscribe: (next) => {
      listener = next;
      return unsubscribe;
    },
    readAlerts,
    endsAtMs: Date.now() + endsInMs,
    subscribeUserGone: (end) => {
      userGone = end;
      return unsubscribeGone;
    },
    heartbeatMs: 25_000,
    log: { warn } as unknown as FastifyBaseLogger,
  });
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const closed = new Promise<void>((resolve) => stream.once('close', resolve));
  return {
    stream,
    unsubscribe,
    unsubscribeGone,
    warn,
    closed,
    text: () => text,
    announce: () => listener,
    userGone: () => userGone,
  };
}

describe('the alert stream body', () => {
  it('says it is connected at once, then a heartbeat comment every 25 s', async () => {
    vi.useFakeTimers();
    const { stream, text } = openFor(3_600_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(text()).toBe(': connected\n\n');
    await vi.advanceTimersByTimeAsync(24_999);
    expect(text()).toBe(': connected\n\n');
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(text()).toBe(': connected\n\n: heartbeat\n\n: heartbeat\n\n');
    stream.destroy();
  });

  it('ends when the token expires, and then forgets its subscription and timers', async () => {
    vi.useFakeTimers();
    const { unsubscribe, closed } = openFor(60_000);
    await vi.advanceTimersByTimeAsync(60_000);
    await closed;
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends when its user is gone, and then forgets both subscriptions and its timers', async () => {
    const { unsubscribe, unsubscribeGone, closed, userGone } = openFor(3_600_000);
    userGone()?.();
    await closed;
    expect(unsubscribe).toHaveBeenCalledTimes(1);
    expect(unsubscribeGone).toHaveBeenCalledTimes(1);
  });

  it('sends an announced alert as an event, and goes on after a read that failed', async () => {
    const read = vi.fn(async () => [frontendAlert]);
    read.mockRejectedValueOnce(new Error('database gone'));
    const { stream, text, warn, announce } = openFor(3_600_000, read);
    announce()?.({ uid: 'alice', alertIds: [100] });
    announce()?.({ uid: 'alice', alertIds: [101] });
    await vi.waitFor(() => expect(text()).toContain('event: alert'));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ alerts: 1 }),
      'alert stream read failed',
    );
    expect(text()).toContain(`event: alert\nid: 101\ndata: ${JSON.stringify(frontendAlert)}\n\n`);
    stream.destroy();
  });
});
