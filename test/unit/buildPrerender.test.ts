import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_BYTES, measureSite } from '../../scripts/budget';
import { prerenderSite } from '../../scripts/prerender';

/** The real production build and prerender, into a directory of this test's own. */
const PROJECT_ROOT = path.resolve(import.meta.dirname, '../..');
let outDir: string;
let written: string[];

const testNodeEnv = process.env.NODE_ENV;

/**
 * A setting as the browser tests' global setup leaves it in the process that starts every test
 * worker (their backend's URL on a free port). Set here too, so that every run proves the build
 * ignores it: a worker started after that setup would otherwise inline it into the pages.
 */
const HARNESS_BACKEND_URL = 'http://127.0.0.1:1';
process.env.VITE_BACKEND_URL ??= HARNESS_BACKEND_URL;

/** Runs `work` without the process's `VITE_` settings, as a production build sees the world. */
async function withoutViteSettings<T>(work: () => Promise<T>): Promise<T> {
  const settings = Object.entries(process.env).filter(([name]) => name.startsWith('VITE_'));
  for (const [name] of settings) Reflect.deleteProperty(process.env, name);
  try {
    return await work();
  } finally {
    for (const [name, value] of settings) process.env[name] = value;
  }
}

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  process.env.NODE_ENV = 'production';
  outDir = await mkdtemp(path.join(tmpdir(), 'applyfirst-build-test-'));
  written = await withoutViteSettings(async () => {
    await build({ root: PROJECT_ROOT, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    return prerenderSite(outDir);
  });
}, 120_000);

afterAll(async () => {
  process.env.NODE_ENV = testNodeEnv;
  if (process.env.VITE_BACKEND_URL === HARNESS_BACKEND_URL) delete process.env.VITE_BACKEND_URL;
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('npm run build', () => {
  it('writes one HTML file per route, the not-found page, the sitemap and robots.txt', () => {
    expect(written).toEqual([
      'index.html',
      'blog/index.html',
      'blog/remote-tech-jobs-in-the-us/index.html',
      'blog/tailor-your-cv-for-ats/index.html',
      'blog/apply-in-the-first-24-hours/index.html',
      'refund/index.html',
      'privacy/index.html',
      'terms/index.html',
      'imprint/index.html',
      'login/index.html',
      'account/index.html',
      'start/index.html',
      'profile/index.html',
      'matches/index.html',
      '404.html',
      'sitemap.xml',
      'robots.txt',
    ]);
  });

  it.each([
    ['index.html', 'Apply first. Get more interviews.', 'https://applyfirst.example/'],
    ['blog/index.html', 'Blog', 'https://applyfirst.example/blog'],
    [
      'blog/tailor-your-cv-for-ats/index.html',
      'How to tailor your CV for ATS keyword matching',
      'https://applyfirst.example/blog/tailor-your-cv-for-ats',
    ],
    ['privacy/index.html', 'Privacy policy', 'https://applyfirst.example/privacy'],
    ['login/index.html', 'Sign in or create an account', 'https://applyfirst.example/login'],
  ])(
    'serves %s with its metadata in <head> and its content in <body>',
    async (file, heading, canonical) => {
      const html = await read(file);
      const [head = '', body = ''] = html.split('</head>');
      expect(count(head, /<title>/g)).toBe(1);
      expect(count(head, /<meta name="description"/g)).toBe(1);
      expect(count(head, /<meta name="robots"/g)).toBe(1);
      expect(count(head, /<meta property="og:title"/g)).toBe(1);
      expect(count(head, /<meta name="twitter:card" content="summary_large_image"/g)).toBe(1);
      expect(count(head, /<link rel="canonical"/g)).toBe(1);
      expect(head).toContain(`<link rel="canonical" href="${canonical}"/>`);
      expect(head.indexOf('<meta charset="UTF-8" />')).toBeLessThan(head.indexOf('<title>'));
      expect(head).toContain('http-equiv="Content-Security-Policy"');
      expect(count(body, /<script type="application\/ld\+json">/g)).toBe(1);
      expect(body).toContain(`>${heading}</h1>`);
      expect(html).not.toContain('<!--app-');
    },
  );

  it.each([
    ['index.html', 'HomeRoute'],
    ['blog/tailor-your-cv-for-ats/index.html', 'BlogPostRoute'],
    ['404.html', 'NotFoundRoute'],
  ])('preloads the chunk of the route %s renders (%s), at low priority', async (file, chunk) => {
    const preloads = (await read(file)).match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    const routePreload = preloads.find((link) => link.includes(`/assets/${chunk}-`));
    expect(routePreload, preloads.join('\n')).toMatch(/fetchpriority="low"/i);
  });

  it('keeps /login, /account, /profile, /matches and the not-found page out of search results', async () => {
    for (const file of [
      'login/index.html',
      'account/index.html',
      'profile/index.html',
      'matches/index.html',
      '404.html',
    ]) {
      expect(await read(file), file).toContain('<meta name="robots" content="noindex, nofollow"/>');
    }
    expect(await read('404.html')).not.toContain('rel="canonical"');
  });

  it('marks blog posts as articles with their times', async () => {
    const html = await read('blog/apply-in-the-first-24-hours/index.html');
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(
      '<meta property="article:published_time" content="2024-02-06T09:00:00Z"/>',
    );
    expect(html).toContain('"@type":"BlogPosting"');
  });

  it('lists only the public pages in the sitemap, and robots.txt points to it', async () => {
    const sitemap = await read('sitemap.xml');
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
    expect(locations).toEqual([
      'https://applyfirst.example/',
      'https://applyfirst.example/blog',
      'https://applyfirst.example/blog/remote-tech-jobs-in-the-us',
      'https://applyfirst.example/blog/tailor-your-cv-for-ats',
      'https://applyfirst.example/blog/apply-in-the-first-24-hours',
      'https://applyfirst.example/refund',
      'https://applyfirst.example/privacy',
      'https://applyfirst.example/terms',
      'https://applyfirst.example/imprint',
    ]);
    expect(await read('robots.txt')).toContain('Sitemap: https://applyfirst.example/sitemap.xml');
  });

  it('prefetches the session runtime on every page, without preloading or running it', async () => {
    const runtime = /<link rel="prefetch" href="(\/assets\/browserSessionRuntime-[^"]+\.js)"/;
    for (const file of written.filter((name) => name.endsWith('.html'))) {
      const html = await read(file);
      expect(html, file).toMatch(runtime);
      expect(html, file).not.toMatch(/rel="modulepreload" href="\/assets\/browserSessionRuntime-/);
    }
  });

  it('builds as production does, whatever VITE_ settings the test process carries', async () => {
    const scripts = (await readdir(path.join(outDir, 'assets'))).filter((file) =>
      file.endsWith('.js'),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts)
      expect(await read(path.join('assets', file)), file).not.toContain(HARNESS_BACKEND_URL);
  });

  it('keeps the JavaScript of every page before hydration within budget, without Firebase or XState', async () => {
    const reports = await measureSite(outDir);
    expect(reports.map(({ page }) => page).sort()).toEqual(
      written.filter((file) => file.endsWith('.html')).sort(),
    );
    for (const { page, files, totalGzipBytes, leaks } of reports) {
      expect(files.length, page).toBeGreaterThan(0);
      expect(leaks, page).toEqual([]);
      expect(totalGzipBytes, page).toBeLessThanOrEqual(BUDGET_BYTES);
    }
  });
});
