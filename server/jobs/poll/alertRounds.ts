import { ALERT_BATCH } from '../../alerts/createAlerts';
import type { PollAlerts } from './pollBoard';

/**
 * When this process makes alerts after a poll. A posting is marked alerted only with its alerts, and
 * each round takes at most ALERT_BATCH of them, so postings can be left waiting by a failed round or
 * a full batch; the next poll of any board makes their alerts. A board that answered "unchanged"
 * (304) stored nothing new, so it runs a round only while postings may still be waiting: at the
 * process's start (an earlier run may have left some), and after a failed round or a full batch,
 * until a round started after that one ended goes through.
 */
export class AlertRounds {
  /** Rounds started so far; only a round started after the last failure can vouch for its postings. */
  private started = 0;
  private owedSince = 0;
  private owed = true;

  constructor(private readonly makeAlerts: () => Promise<PollAlerts>) {}

  /** The round run after this poll, or null when none was needed. */
  async afterPoll(poll: { readonly notModified: boolean }): Promise<PollAlerts | null> {
    if (poll.notModified && !this.owed) return null;
    this.started += 1;
    const round = this.started;
    const alerts = await this.makeAlerts();
    const leftWaiting = 'failed' in alerts || alerts.jobs >= ALERT_BATCH;
    if (leftWaiting) {
      this.owed = true;
      this.owedSince = this.started;
    } else if (round > this.owedSince) this.owed = false;
    return alerts;
  }
}
