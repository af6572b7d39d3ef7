import { createParser } from 'eventsource-parser';
import { ALERT_STREAM_EVENT, ALERT_STREAM_HEARTBEAT_MS, type AlertMatch } from '../../../contract';
import { BackendFailure, failureFromAnswer, failureFromThrown } from '../backend/backendErrors';

/** A live stream that brought nothing, not even a heartbeat, for this long is taken for dead. */
export const STREAM_SILENCE_LIMIT_MS = 2 * ALERT_STREAM_HEARTBEAT_MS + 10_000;

/** Aborts `controller` when `signal` does (the caller leaving), or when `arm` is called and not reset in time. */
function watchdog(controller: AbortController, signal: AbortSignal) {
  const stop = () => controller.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  return {
    get timedOut() {
      return timedOut;
    },
    arm(ms: number) {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new DOMException('The alert stream went silent.', 'TimeoutError'));
      }, ms);
    },
    dispose() {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    },
  };
}

async function readEvents(
  body: ReadableStream<Uint8Array>,
  onAlert: (alert: AlertMatch) => void,
  onChunk: () => void,
): Promise<void> {
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === ALERT_STREAM_EVENT) onAlert(JSON.parse(event.data) as AlertMatch);
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk();
    parser.feed(decoder.decode(value, { stream: true }));
  }
}

export interface AlertStreamRequest {
  url: string;
  token: string;
  send: (url: string, init: RequestInit) => Promise<Response>;
  /** The caller leaving: the stream closes and the promise resolves. */
  signal: AbortSignal;
  /** How long connecting may take. */
  connectLimitMs: number;
  onAlert: (alert: AlertMatch) => void;
  onOpen?: () => void;
}

/** `BackendClient.streamAlerts`: reads `GET /v1/alerts/stream` until it ends, fails or is left. */
export async function readAlertStream(request: AlertStreamRequest): Promise<void> {
  const { signal, onAlert, onOpen } = request;
  const controller = new AbortController();
  const watch = watchdog(controller, signal);
  try {
    watch.arm(request.connectLimitMs);
    const response = await request.send(request.url, {
      method: 'GET',
      headers: { Authorization: `Bearer ${request.token}`, Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    if (!response.ok) throw await failureFromAnswer(response);
    if (!response.body) throw new BackendFailure('internal-error');
    onOpen?.();
    watch.arm(STREAM_SILENCE_LIMIT_MS);
    await readEvents(response.body, onAlert, () => watch.arm(STREAM_SILENCE_LIMIT_MS));
  } catch (error) {
    if (signal.aborted) return;
    throw watch.timedOut ? new BackendFailure('timed-out') : failureFromThrown(error);
  } finally {
    watch.dispose();
  }
}
