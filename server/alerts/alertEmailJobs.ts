/** The queues of alert e-mails (pg-boss) and what their jobs carry. */
export const ALERT_EMAIL_QUEUES = {
  /** One per user with new alerts (Pro): sends each unsent alert alone. */
  realtime: 'alert-email',
  /** One per user whose daily digest is due (Free): the day's unsent alerts in one e-mail. */
  digest: 'alert-digest',
  /** Every minute: queues `realtime` for Pro users with unsent alerts (after a restart, a lost event). */
  sweep: 'alert-email-sweep',
  /** Daily at the digest hour: queues `digest` for each Free user due one. */
  digestRun: 'alert-digest-run',
} as const;

export interface RealtimeJobData {
  readonly uid: string;
}

export interface DigestJobData {
  readonly uid: string;
  /** When the digest run started (ISO 8601): the digest holds the day before it. */
  readonly runAt: string;
}

export function isRealtimeJobData(value: unknown): value is RealtimeJobData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).uid === 'string'
  );
}

export function isDigestJobData(value: unknown): value is DigestJobData {
  if (!isRealtimeJobData(value)) return false;
  const { runAt } = value as unknown as Record<string, unknown>;
  return typeof runAt === 'string' && !Number.isNaN(Date.parse(runAt));
}
