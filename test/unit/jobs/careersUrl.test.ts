import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOLLOW_SOURCES } from '../../../contract';
import { recogniseCareersUrl } from '../../../server/jobs/careersUrl';
import { isToken } from '../../../server/jobs/settings';

/**
 * Any code points, lone surrogates included. fast-check builds its "binary" unit's tables on first
 * use, which is slow, so it is built here, at import, and not inside the test's time limit, where a
 * loaded machine pushed it past that limit.
 */
const anyText = fc.string({ unit: 'binary', maxLength: 60 });

const board = (source: string, token: string) => ({ ok: true, board: { source, token } });
const refused = (code: string) => ({ ok: false, code });

describe('recognising a careers page URL', () => {
  it.each([
    ['https://boards.greenhouse.io/acme', board('greenhouse', 'acme')],
    ['https://job-boards.greenhouse.io/acme', board('greenhouse', 'acme')],
    ['https://boards.greenhouse.io/embed/job_board?for=acme', board('greenhouse', 'acme')],
    ['https://boards.greenhouse.io/embed/job_app?for=acme&token=123', board('greenhouse', 'acme')],
    ['https://boards.greenhouse.io/Acme/jobs/4012345', board('greenhouse', 'acme')],
    ['https://jobs.lever.co/acme', board('lever', 'acme')],
    ['https://jobs.ashbyhq.com/acme', board('ashby', 'acme')],
    ['https://jobs.ashbyhq.com/Acme.io/8f1e2d3c', board('ashby', 'Acme.io')],
    ['https://apply.workable.com/acme', board('workable', 'acme')],
    ['https://apply.workable.com/acme/j/ABC123DEF/', board('workable', 'acme')],
    ['https://acme.workable.com', board('workable', 'acme')],
    ['https://careers.smartrecruiters.com/Acme', board('smartrecruiters', 'Acme')],
    ['https://jobs.smartrecruiters.com/Acme/743999-engineer', board('smartrecruiters', 'Acme')],
    ['https://acme.recruitee.com', board('recruitee', 'acme')],
    ['https://ACME.recruitee.com/o/backend-engineer', board('recruitee', 'acme')],
  ])('reads %s', (url, expected) => {
    expect(recogniseCareersUrl(url)).toEqual(expected);
  });

  it('refuses a Lever board in the EU: its API is another host, where the token may be another company', () => {
    expect(recogniseCareersUrl('https://jobs.eu.lever.co/acme/0b1c2d3e-aaaa-bbbb/apply')).toEqual(
      refused('follow-url-unknown-host'),
    );
  });

  it('reads an address pasted without its scheme, with spaces around it, or over http', () => {
    expect(recogniseCareersUrl('  boards.greenhouse.io/acme  ')).toEqual(
      board('greenhouse', 'acme'),
    );
    expect(recogniseCareersUrl('http://jobs.lever.co/acme')).toEqual(board('lever', 'acme'));
    expect(recogniseCareersUrl('https://JOBS.ASHBYHQ.COM./acme')).toEqual(board('ashby', 'acme'));
  });

  it.each(['', '   ', 'not a url at all', 'https://', 'https://exa mple.com/acme', 'acme'])(
    'refuses %j as not a URL',
    (text) => {
      expect(recogniseCareersUrl(text)).toEqual(refused('follow-url-invalid'));
    },
  );

  it.each([
    'ftp://boards.greenhouse.io/acme',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,hi',
  ])('refuses %s as not http(s)', (text) => {
    expect(recogniseCareersUrl(text)).toEqual(refused('follow-url-not-http'));
  });

  it.each([
    'https://example.com/acme',
    'https://greenhouse.io/acme',
    'https://boards.greenhouse.io.evil.example/acme',
    'https://evilboards.greenhouse.io/acme',
    'https://127.0.0.1/acme',
    'http://169.254.169.254/latest/meta-data',
    'https://acme.com/careers',
    'https://jobs.lever.co.example.com/acme',
  ])('refuses a host it does not know: %s', (text) => {
    expect(recogniseCareersUrl(text)).toEqual(refused('follow-url-unknown-host'));
  });

  it.each([
    'https://boards.greenhouse.io/',
    'https://boards.greenhouse.io/embed/job_board',
    'https://jobs.lever.co',
    'https://apply.workable.com/j/ABC123',
    'https://recruitee.com',
    'https://www.recruitee.com/pricing',
    'https://a.b.recruitee.com',
    'https://jobs.ashbyhq.com/acme%20corp',
    'https://jobs.ashbyhq.com/%E0%A4%A',
    `https://jobs.lever.co/${'a'.repeat(101)}`,
  ])('refuses a URL naming no company: %s', (text) => {
    expect(recogniseCareersUrl(text)).toEqual(refused('follow-url-no-company'));
  });

  it('answers any text, on a known host or not, with a board it may poll or a refusal', () => {
    const hosts = fc.constantFrom(
      'boards.greenhouse.io/',
      'https://jobs.lever.co/',
      'https://jobs.ashbyhq.com/',
      'https://apply.workable.com/',
      'https://careers.smartrecruiters.com/',
      'https://',
      '',
    );
    fc.assert(
      fc.property(hosts, anyText, (host, text) => {
        const result = recogniseCareersUrl(`${host}${text}`);
        if (result.ok) {
          expect(FOLLOW_SOURCES).toContain(result.board.source);
          expect(isToken(result.board.token)).toBe(true);
        } else {
          expect(result.code).toMatch(/^follow-url-/);
        }
      }),
      { numRuns: 500 },
    );
  });
});
