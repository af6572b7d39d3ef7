import { escapeHtml } from './escapeHtml';
import { RESUBSCRIBE_PATH, UNSUBSCRIBE_PATH } from './unsubscribeToken';

/** The unsubscribe and resubscribe pages: small, self-contained, no script, nothing loaded from elsewhere. */
function page(title: string, body: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} · ApplyFirst</title>` +
    '<style>body{font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5}' +
    'button{font:inherit;padding:.5rem 1rem}</style></head>' +
    `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

/**
 * A button that posts the token to `path`, written relative to the page (`unsubscribe?token=…`),
 * so the form works behind a proxy that serves the backend under a prefix.
 */
function tokenForm(path: string, token: string, label: string): string {
  const action = `${path.slice(path.lastIndexOf('/') + 1)}?token=${encodeURIComponent(token)}`;
  return (
    `<form method="post" action="${escapeHtml(action)}">` +
    `<button type="submit">${escapeHtml(label)}</button></form>`
  );
}

/** Asks first: a GET never unsubscribes (mail scanners open links). */
export function confirmPage(token: string): string {
  return page(
    'Unsubscribe from job alert e-mails?',
    '<p>You will get no more job alert e-mails from ApplyFirst. Your alerts stay on your ' +
      'matches page.</p>' +
      tokenForm(UNSUBSCRIBE_PATH, token, 'Unsubscribe'),
  );
}

/** After unsubscribing, or opening the link again later: the way back. */
export function unsubscribedPage(token: string): string {
  return page(
    'You are unsubscribed',
    '<p>ApplyFirst will send you no more job alert e-mails. Your alerts stay on your matches ' +
      'page.</p><p>Changed your mind? Resubscribe to get job alert e-mails again.</p>' +
      tokenForm(RESUBSCRIBE_PATH, token, 'Resubscribe'),
  );
}

/** After resubscribing: `wasOff` false when e-mails were on already (nothing changed). */
export function resubscribedPage(token: string, wasOff: boolean): string {
  return page(
    wasOff ? 'You are subscribed again' : 'You are already subscribed',
    (wasOff
      ? '<p>ApplyFirst will e-mail you job alerts again.</p>'
      : '<p>Job alert e-mails were already on: nothing changed.</p>') +
      '<p>Pro sends each new alert at once, Free a daily digest. Your alerts also stay on your ' +
      'matches page.</p>' +
      tokenForm(UNSUBSCRIBE_PATH, token, 'Unsubscribe'),
  );
}

export function invalidLinkPage(): string {
  return page(
    'This unsubscribe link does not work',
    '<p>The link is incomplete or was changed. Open the unsubscribe link of your latest job ' +
      'alert e-mail again, whole (some mail programs break long links).</p>',
  );
}
