import { escapeHtml } from './escapeHtml';

/** The unsubscribe pages: small, self-contained, no script, nothing loaded from elsewhere. */
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

/** Asks first: a GET never unsubscribes (mail scanners open links). */
export function confirmPage(token: string): string {
  return page(
    'Unsubscribe from job alert e-mails?',
    '<p>You will get no more job alert e-mails from ApplyFirst. Your alerts stay on your ' +
      'matches page.</p>' +
      `<form method="post" action="?token=${encodeURIComponent(token)}">` +
      '<button type="submit">Unsubscribe</button></form>',
  );
}

export function unsubscribedPage(): string {
  return page(
    'You are unsubscribed',
    '<p>ApplyFirst will send you no more job alert e-mails. Your alerts stay on your matches ' +
      'page.</p>',
  );
}

export function invalidLinkPage(): string {
  return page(
    'This unsubscribe link does not work',
    '<p>The link is incomplete or was changed. Open the unsubscribe link of your latest job ' +
      'alert e-mail again, whole (some mail programs break long links).</p>',
  );
}
