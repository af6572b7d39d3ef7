import { describe, expect, it } from 'vitest';
import { cleanCvText } from '../../server/cv/cleanCvText';
import { errorForLog, errorSummary } from '../../server/http/errorForLog';
import { redactUrl } from '../../server/http/redactUrl';
import { cleanLine, isSafeText } from '../../server/http/text';

/** Drizzle's wrapper around a driver's error: the statement and its parameters in the message. */
function failedQuery(secret: string): Error {
  const driverError = Object.assign(new Error(`Failing row contains (${secret})`), {
    code: '23505',
    severity: 'ERROR',
    table: 'profiles',
    constraint: 'profiles_pkey',
    detail: `Key (uid)=(${secret}) already exists.`,
  });
  return Object.assign(new Error(`Failed query: insert ...\nparams: ${secret}`), {
    query: 'insert ...',
    params: [secret],
    cause: driverError,
  });
}

describe('the text rule', () => {
  it('refuses control characters and lone surrogates, not tabs, line breaks or emoji', () => {
    expect(
      ['Java\u0000', 'a\u001b', 'b\u007f', 'c\u0085', 'Rust\ud800', '\udc00'].map(isSafeText),
    ).toEqual([false, false, false, false, false, false]);
    expect(['Go\tlang\r\n', 'Café 👩‍💻', ''].map(isSafeText)).toEqual([true, true, true]);
  });

  it('cleans a line: NFC, invisible characters gone, whitespace collapsed, joiners trimmed', () => {
    expect(cleanLine('\u200dCafe\u0301\u200b  \u202eManager\u202c\ufeff\u200c')).toBe(
      'Caf\u00e9 Manager',
    );
    expect(cleanLine('\u200b\u2066 \u2069')).toBe('');
    expect(cleanLine('👩‍💻 dev')).toBe('👩‍💻 dev');
  });

  it('never leaves half a surrogate pair where a CV text is capped', () => {
    const text = cleanCvText(`${'a'.repeat(199_999)}😀 more`);
    expect(text).toBe('a'.repeat(199_999));
    expect(isSafeText(text)).toBe(true);
  });
});

describe('what the logs keep', () => {
  it('keeps a database error’s code, table and constraint, never its values', () => {
    const logged = errorForLog(failedQuery('Secret42'));
    expect(logged).toMatchObject({ code: '23505', table: 'profiles', constraint: 'profiles_pkey' });
    expect(JSON.stringify(logged)).not.toContain('Secret42');
    expect(errorSummary(failedQuery('Secret42'))).toBe(
      'database error 23505 on profiles (profiles_pkey)',
    );
    expect(errorSummary(new TypeError('fetch failed'))).toBe('TypeError: fetch failed');
  });

  it('redacts every secret-like query parameter, whatever its spelling', () => {
    expect(
      redactUrl(
        '/p?slot=2&ID_TOKEN=a&idToken=b&access%5Ftoken=c&oobCode=d&apiKey=e&Password=f&key=g&flag#frag',
      ),
    ).toBe(
      '/p?slot=2&ID_TOKEN=[redacted]&idToken=[redacted]&access%5Ftoken=[redacted]&oobCode=[redacted]' +
        '&apiKey=[redacted]&Password=[redacted]&key=[redacted]&flag',
    );
    expect(redactUrl('/v1/profile')).toBe('/v1/profile');
    expect(redactUrl('/x?monkey=1&code=2')).toBe('/x?monkey=1&code=[redacted]');
  });
});
