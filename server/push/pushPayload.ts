import type { AlertMatch, PushPayload } from '../../contract';

const MINUTE_MS = 60_000;

/** "Posted 4 min ago": how fresh the posting is when the message goes out. */
export function freshnessText(alert: AlertMatch, now: number): string {
  const verb = alert.postedAt === null ? 'First seen' : 'Posted';
  const minutes = Math.floor((now - Date.parse(alert.postedAt ?? alert.firstSeenAt)) / MINUTE_MS);
  if (minutes < 1) return `${verb} just now`;
  if (minutes < 60) return `${verb} ${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${verb} ${hours} h ago`;
  return `${verb} ${Math.floor(hours / 24)} d ago`;
}

/** One alert (Pro): the job, company, score and freshness; it opens the match's card. */
export function alertPayload(alert: AlertMatch, siteUrl: string, now: number): PushPayload {
  return {
    title: `New match: ${alert.title}`,
    body: `${alert.company} · ${alert.score}% match · ${freshnessText(alert, now)}`,
    url: `${siteUrl}/matches#match-${alert.jobId}`,
    tag: `job-${alert.jobId}`,
  };
}

const DIGEST_LINES = 3;

/** The day's alerts (Free) in one notification: the best few, and it opens the matches. */
export function digestPayload(alerts: readonly AlertMatch[], siteUrl: string): PushPayload {
  const best = [...alerts].sort((a, b) => b.score - a.score).slice(0, DIGEST_LINES);
  const more = alerts.length - best.length;
  return {
    title: alerts.length === 1 ? '1 new match today' : `${alerts.length} new matches today`,
    body: [
      ...best.map((alert) => `${alert.title} at ${alert.company} (${alert.score}%)`),
      ...(more > 0 ? [`and ${more} more`] : []),
    ].join('\n'),
    url: `${siteUrl}/matches`,
    tag: 'digest',
  };
}
