import { describe, expect, it } from 'vitest';
import { parseJobBoards, REAL_API_BASE_URLS, sourceBaseUrls } from '../../../server/jobs/settings';

describe('JOB_BOARDS', () => {
  it('reads source:token pairs, ignoring spaces, empty entries and repeats', () => {
    expect(
      parseJobBoards(' greenhouse:acme, lever:globex,,ashby:initech,greenhouse:acme '),
    ).toEqual([
      { source: 'greenhouse', token: 'acme' },
      { source: 'lever', token: 'globex' },
      { source: 'ashby', token: 'initech' },
    ]);
    expect(parseJobBoards('')).toEqual([]);
  });

  it('names every bad entry in one error', () => {
    expect(() => parseJobBoards('workday:acme,lever:,greenhouse:a/b,acme')).toThrow(
      /"workday:acme", "lever:", "greenhouse:a\/b", "acme"/,
    );
  });
});

describe('source base URLs', () => {
  it('default to the real APIs', () => {
    expect(sourceBaseUrls({})).toEqual(REAL_API_BASE_URLS);
  });

  it('take each source from its own setting', () => {
    expect(sourceBaseUrls({ LEVER_API_URL: 'http://127.0.0.1:4010' })).toEqual({
      ...REAL_API_BASE_URLS,
      lever: 'http://127.0.0.1:4010',
    });
  });

  it('refuse a URL that is not http(s)', () => {
    expect(() => sourceBaseUrls({ ASHBY_API_URL: 'file:///etc/passwd' })).toThrow(
      /ASHBY_API_URL must be an http\(s\) URL/,
    );
  });
});
