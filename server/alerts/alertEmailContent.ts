import type { AlertMatch } from '../../contract';
import { splitReasons } from '../../contract/reasonStanding';
import { escapeHtml } from '../email/escapeHtml';
import type { OutgoingMail } from '../email/mailer';

/** Where an e-mail's links lead: the matches page and this recipient's unsubscribe link. */
export interface AlertMailLinks {
  readonly matchesUrl: string;
  readonly unsubscribeUrl: string;
}

const POSTED = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** An absolute time: a relative one ("4 minutes ago") is wrong by the time the e-mail is read. */
function postedLine(alert: AlertMatch): string {
  const posted = alert.postedAt ?? alert.firstSeenAt;
  const label = alert.postedAt === null ? 'First seen' : 'Posted';
  return `${label} ${POSTED.format(new Date(posted))} UTC`;
}

/** Why it fits, what it lacks, and what does not fit or is not stated: as the matches page. */
function reasonParts(alert: AlertMatch) {
  const { fits, aside } = splitReasons(alert.reasons);
  return {
    fits: fits.map((reason) => reason.text),
    missing: alert.missingSkills.length > 0 ? `Missing: ${alert.missingSkills.join(', ')}` : null,
    aside:
      aside.length > 0 ? `Worth knowing: ${aside.map((reason) => reason.text).join(' ')}` : null,
  };
}

function alertText(alert: AlertMatch): string {
  const { fits, missing, aside } = reasonParts(alert);
  return [
    `${alert.title} at ${alert.company}`,
    `Match: ${alert.score}/100`,
    'Why it fits:',
    ...fits.map((line) => `- ${line}`),
    ...[missing, aside].filter((line) => line !== null),
    postedLine(alert),
    `Apply: ${alert.applyUrl}`,
  ].join('\n');
}

function alertHtml(alert: AlertMatch): string {
  const { fits, missing, aside } = reasonParts(alert);
  const reasons = fits.map((line) => `<li>${escapeHtml(line)}</li>`).join('');
  const besides = [missing, aside]
    .filter((line) => line !== null)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  return (
    `<h2 style="margin:16px 0 4px">${escapeHtml(alert.title)}</h2>` +
    `<p style="margin:0">${escapeHtml(alert.company)} · Match ${alert.score}/100</p>` +
    `<p style="margin:8px 0 0">Why it fits:</p><ul>${reasons}</ul>${besides}` +
    `<p>${escapeHtml(postedLine(alert))}</p>` +
    `<p><a href="${escapeHtml(alert.applyUrl)}">Apply now</a></p>`
  );
}

function footerText(links: AlertMailLinks): string {
  return [
    `All your matches: ${links.matchesUrl}`,
    '',
    'You get this because you set up job alerts on ApplyFirst.',
    `Unsubscribe: ${links.unsubscribeUrl}`,
  ].join('\n');
}

function footerHtml(links: AlertMailLinks): string {
  return (
    `<p><a href="${escapeHtml(links.matchesUrl)}">All your matches</a></p>` +
    '<hr><p style="font-size:12px;color:#555">You get this because you set up job alerts on ' +
    `ApplyFirst. <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></p>`
  );
}

/** RFC 8058: mail clients offer a one-click unsubscribe that POSTs to the link. */
function unsubscribeHeaders(links: AlertMailLinks): Record<string, string> {
  return {
    'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function mail(
  to: string,
  subject: string,
  blocks: { text: string; html: string }[],
  links: AlertMailLinks,
): OutgoingMail {
  const text = [...blocks.map((block) => block.text), footerText(links)].join('\n\n');
  const body = blocks.map((block) => block.html).join('<hr>') + footerHtml(links);
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:sans-serif;max-width:600px">${body}</body></html>`;
  return { to, subject, text, html, headers: unsubscribeHeaders(links) };
}

/** One new alert, sent as soon as it is made (Pro). */
export function realtimeAlertMail(
  to: string,
  alert: AlertMatch,
  links: AlertMailLinks,
): OutgoingMail {
  return mail(
    to,
    `New match: ${alert.title} at ${alert.company} (${alert.score}/100)`,
    [{ text: alertText(alert), html: alertHtml(alert) }],
    links,
  );
}

/** The day's alerts in one e-mail (Free). */
export function digestMail(
  to: string,
  alerts: readonly AlertMatch[],
  links: AlertMailLinks,
): OutgoingMail {
  const count = alerts.length === 1 ? '1 new match' : `${alerts.length} new matches`;
  const intro = `Your ${count} from the last day, best first.`;
  const best = [...alerts].sort((a, b) => b.score - a.score);
  return mail(
    to,
    `Your daily job matches: ${count}`,
    [
      { text: intro, html: `<p>${escapeHtml(intro)}</p>` },
      ...best.map((alert) => ({ text: alertText(alert), html: alertHtml(alert) })),
    ],
    links,
  );
}
