import { describe, expect, it } from 'vitest';
import { notificationOf, targetUrl } from '../../src/serviceWorker/notifications';

describe('the service worker’s notifications', () => {
  it('shows what the payload names and keeps the page to open', () => {
    const { title, options } = notificationOf(
      JSON.stringify({
        title: 'New match: Frontend Engineer',
        body: 'Acme · 87% match · Posted 3 min ago',
        url: 'https://applyfirst.example/matches#match-42',
        tag: 'job-42',
      }),
    );
    expect(title).toBe('New match: Frontend Engineer');
    expect(options).toMatchObject({
      body: 'Acme · 87% match · Posted 3 min ago',
      tag: 'job-42',
      data: { url: 'https://applyfirst.example/matches#match-42' },
    });
  });

  it('still says there is something new when the payload cannot be read', () => {
    for (const text of ['', 'not json', '42', '{"title": 7}']) {
      const { title, options } = notificationOf(text);
      expect(title).toBe('New matches on ApplyFirst');
      expect(options.data).toEqual({ url: '/matches' });
    }
  });

  it('opens pages on the site’s own origin only', () => {
    const origin = 'https://applyfirst.example';
    expect(targetUrl({ url: 'http://127.0.0.1:5173/matches#match-7' }, origin)).toBe(
      'https://applyfirst.example/matches#match-7',
    );
    expect(targetUrl({ url: 'https://evil.example/phish' }, origin)).toBe(
      'https://applyfirst.example/phish',
    );
    expect(targetUrl({ url: 'javascript:alert(1)' }, origin)).toBe(
      'https://applyfirst.example/matches',
    );
    expect(targetUrl(null, origin)).toBe('https://applyfirst.example/matches');
    expect(targetUrl({ url: 5 }, origin)).toBe('https://applyfirst.example/matches');
  });
});
