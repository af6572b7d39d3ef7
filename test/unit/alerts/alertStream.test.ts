import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertsListener } from '../../../server/alerts/alertEvents';
import { openAlertStream } from '../../../server/alerts/alertStream';
import type { AlertMatch } from '../../../contract';
import { frontendAlert } from '../../support/matchFixtures';

afterEach(() => {
  vi.useRealTimers();
});

interface CatchUp {
  lastEventId?: number | null;
  newestAlertId?: () => Promise<number>;
  readAlertsAfter?: (alertId: number) => Promise<AlertMatch[]>;
}

function openFor(
  endsInMs: number,
  readAlerts = async () => [frontendAlert],
  catchUp: CatchUp = {},
) {
  let listener: AlertsListener | null = null;
  let resumed: (() => void) | null = null;
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
    subscribeResumed: (next) => {
      resumed = next;
      return () => undefined;
    },
    readAlertsAfter: catchUp.readAlertsAfter ?? (async () => []),
    lastEventId: catchUp.lastEventId ?? null,
    newestAlertId: catchUp.newestAlertId ?? (async () => 0),
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
    resume: () => resumed,
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
      expect.objectContaining({ err: expect.any(Error) }),
      'alert stream: reading new alerts failed',
    );
    expect(text()).toContain(`event: alert\nid: 101\ndata: ${JSON.stringify(frontendAlert)}\n\n`);
    stream.destroy();
  });

  const alertWithId = (alertId: number): AlertMatch => ({ ...frontendAlert, alertId });
  const idsSent = (text: string) =>
    [...text.matchAll(/^id: (\d+)$/gm)].map((match) => Number(match[1]));

  it('sends first the alerts made after the Last-Event-ID its client had, oldest first', async () => {
    const readAlertsAfter = vi.fn(async () => [alertWithId(9), alertWithId(8)]);
    const { stream, text } = openFor(3_600_000, undefined, { lastEventId: 7, readAlertsAfter });
    await vi.waitFor(() => expect(idsSent(text())).toEqual([8, 9]));
    expect(readAlertsAfter).toHaveBeenCalledWith(7);
    stream.destroy();
  });

  it('after a lost channel, sends the alerts made meanwhile, each once', async () => {
    const readAlertsAfter = vi.fn(async (after: number) =>
      [alertWithId(12), alertWithId(11)].filter((alert) => alert.alertId > after),
    );
    const { stream, text, announce, resume } = openFor(3_600_000, async () => [alertWithId(11)], {
      newestAlertId: async () => 10,
      readAlertsAfter,
    });
    announce()?.({ uid: 'alice', alertIds: [11] });
    await vi.waitFor(() => expect(idsSent(text())).toEqual([11]));
    // Alert 12 was announced while the channel was down: nobody heard it.
    resume()?.();
    await vi.waitFor(() => expect(idsSent(text())).toEqual([11, 12]));
    expect(readAlertsAfter).toHaveBeenLastCalledWith(11);
    // Heard late after all (another process announced it): not sent twice.
    resume()?.();
    announce()?.({ uid: 'alice', alertIds: [12] });
    await vi.waitFor(() => expect(readAlertsAfter).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idsSent(text())).toEqual([11, 12]);
    stream.destroy();
  });

  it('a channel lost before anything was sent catches up from the newest alert at the start', async () => {
    const readAlertsAfter = vi.fn(async () => [alertWithId(21)]);
    const { stream, text, resume } = openFor(3_600_000, undefined, {
      newestAlertId: async () => 20,
      readAlertsAfter,
    });
    resume()?.();
    await vi.waitFor(() => expect(idsSent(text())).toEqual([21]));
    expect(readAlertsAfter).toHaveBeenCalledWith(20);
    stream.destroy();
  });
});
