/** A request URL fit for the logs: the value of any `token` query parameter replaced. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
