import type { PushPayload } from '../../contract';

const MATCHES = '/matches';

/** What a push message shows: its payload, or a plain "new matches" when it cannot be read. */
export function notificationOf(text: string): { title: string; options: NotificationOptions } {
  let payload: Partial<PushPayload> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) payload = parsed as Partial<PushPayload>;
  } catch {
    // A message that is not JSON still tells the person there is something new.
    payload = {};
  }
  const asText = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    title: asText(payload.title) ?? 'New matches on ApplyFirst',
    options: {
      body: asText(payload.body) ?? '',
      tag: asText(payload.tag) ?? 'matches',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: asText(payload.url) ?? MATCHES },
    },
  };
}

/**
 * Where a click leads: the payload's page on this site's own origin (its path and fragment), so a
 * notification never opens another site.
 */
export function targetUrl(data: unknown, origin: string): string {
  const raw = (data as { url?: unknown } | null)?.url;
  if (typeof raw !== 'string') return `${origin}${MATCHES}`;
  try {
    const url = new URL(raw, origin);
    // A `javascript:` or `data:` URL has no path of its own to carry over.
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return `${origin}${MATCHES}`;
    return `${origin}${url.pathname}${url.hash}`;
  } catch {
    return `${origin}${MATCHES}`;
  }
}
