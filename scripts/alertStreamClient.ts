/**
 * `GET /v1/alerts/stream` read over real HTTP as the page reads it (eventsource-parser), for the
 * two-process tests and the alert-delay benchmark: each alert with the moment it arrived.
 */
import { createParser } from 'eventsource-parser';
import { ALERT_STREAM_EVENT, type AlertMatch } from '../contract';

const CONNECT_TIME_LIMIT_MS = 10_000;

export interface ReceivedAlert {
  readonly alert: AlertMatch;
  /** Date.now() when its event was read. */
  readonly receivedAt: number;
}

export interface AlertStreamClient {
  readonly received: ReceivedAlert[];
  /** Resolves when the body ends: the server ended it, or `close()` did (then `closedByUs`). */
  readonly ended: Promise<void>;
  readonly closedByUs: () => boolean;
  /** Calls `listener` for each alert from now on; answers the unsubscribe. */
  onAlert(listener: (received: ReceivedAlert) => void): () => void;
  close(): void;
}

/** Opens the stream and resolves once the server's `connected` comment came (it listens then). */
export async function openAlertStreamClient(
  baseUrl: string,
  token: string,
): Promise<AlertStreamClient> {
  const controller = new AbortController();
  const connectTimer = setTimeout(() => controller.abort(), CONNECT_TIME_LIMIT_MS);
  const response = await fetch(`${baseUrl}/v1/alerts/stream`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) {
    const answer = await response.text();
    clearTimeout(connectTimer);
    throw new Error(`The alert stream was refused: ${response.status} ${answer}`);
  }
  const received: ReceivedAlert[] = [];
  const listeners = new Set<(received: ReceivedAlert) => void>();
  let markConnected: () => void = () => {};
  const connected = new Promise<void>((resolve) => (markConnected = resolve));
  const parser = createParser({
    onEvent(event) {
      if (event.event !== ALERT_STREAM_EVENT) return;
      const entry = { alert: JSON.parse(event.data) as AlertMatch, receivedAt: Date.now() };
      received.push(entry);
      for (const listener of listeners) listener(entry);
    },
    onComment(comment) {
      if (comment.trim() === 'connected') markConnected();
    },
  });
  const body = response.body;
  let closedByUs = false;
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch (error) {
      if (!closedByUs) throw error;
    } finally {
      markConnected();
    }
  })();
  await Promise.race([connected, ended]);
  clearTimeout(connectTimer);
  if (controller.signal.aborted) throw new Error('The alert stream did not connect in time.');
  return {
    received,
    ended,
    closedByUs: () => closedByUs,
    onAlert(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closedByUs = true;
      controller.abort();
    },
  };
}
