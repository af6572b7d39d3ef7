import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../src/meta/contentSecurityPolicy';
import { robotsTxt, sitemapXml } from '../../src/meta/sitemap';

describe('sitemap.xml and robots.txt', () => {
  it('lists absolute addresses, escaped, with their last change', () => {
    const xml = sitemapXml([
      { loc: 'https://applyfirst.test/' },
      { loc: 'https://applyfirst.test/blog/a?x=1&y=2', lastmod: '2024-06-11T08:30:00Z' },
    ]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain('<url><loc>https://applyfirst.test/</loc></url>');
    expect(xml).toContain(
      '<url><loc>https://applyfirst.test/blog/a?x=1&amp;y=2</loc><lastmod>2024-06-11T08:30:00Z</lastmod></url>',
    );
    expect(xml.trim().endsWith('</urlset>')).toBe(true);
  });

  it('lets crawlers in and points them to the sitemap', () => {
    expect(robotsTxt('https://applyfirst.test/sitemap.xml')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://applyfirst.test/sitemap.xml\n',
    );
  });
});

describe('contentSecurityPolicy', () => {
  const production = {
    firebase: { apiKey: 'k', authDomain: 'applyfirst.test', projectId: 'applyfirst-prod' },
    authEmulatorUrl: null,
    siteUrl: 'https://applyfirst.test',
    backendUrl: 'https://api.applyfirst.test/v1',
  };

  it('allows the site, Firebase Auth and the auth domain, and nothing inline', () => {
    const policy = contentSecurityPolicy(production);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self' https://apis.google.com;");
    expect(policy).toContain("style-src 'self';");
    expect(policy).toContain(
      "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com",
    );
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.applyfirst\.test[ ;]/);
    expect(policy).toContain("frame-src 'self' https://applyfirst.test;");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain('upgrade-insecure-requests');
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('127.0.0.1');
  });

  it('lets a build against the emulator reach it over http', () => {
    const policy = contentSecurityPolicy({
      ...production,
      authEmulatorUrl: 'http://127.0.0.1:9099',
    });
    expect(policy).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:9099/);
    expect(policy).toMatch(/frame-src [^;]*http:\/\/127\.0\.0\.1:9099/);
    expect(policy).not.toContain('upgrade-insecure-requests');
  });
});
