/**
 * Draws the brand images in public/ (run once after changing the brand, then commit the PNGs):
 * the 1200x630 Open Graph image, the 512px logo for structured data (and the web app manifest),
 * the 180px touch icon, and the manifest's 192px icon and 512px maskable icon.
 * Usage: tsx scripts/brand-images.ts  (needs Chromium: CHROME_PATH or /usr/bin/chromium)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../public');
const FONT = "'Liberation Sans', 'Helvetica Neue', Arial, sans-serif";

function ogImageHtml(mark: string): string {
  return `<!doctype html><html><head><style>
  * { box-sizing: border-box; margin: 0; }
  /* Flat colours only: gradients make the PNG ten times larger. */
  body { width: 1200px; height: 630px; font-family: ${FONT}; color: #fff; background: #1e3a8a; overflow: hidden; position: relative; }
  body::before { content: ''; position: absolute; width: 760px; height: 760px; right: -180px; top: -160px; border-radius: 50%; background: #1d4ed8; }
  .wrap { position: relative; }
  .wrap { display: grid; grid-template-columns: 1fr 400px; gap: 56px; align-items: center; height: 100%; padding: 72px 80px; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 44px; font-weight: 700; letter-spacing: -1px; }
  .brand svg { width: 64px; height: 64px; border-radius: 16px; box-shadow: 0 0 0 3px rgb(255 255 255 / 35%); }
  h1 { margin-top: 48px; font-size: 68px; line-height: 1.05; letter-spacing: -2px; }
  p.sub { margin-top: 28px; font-size: 30px; line-height: 1.35; color: #dbeafe; }
  .card { background: #fff; color: #0f172a; border-radius: 20px; padding: 30px; border-left: 10px solid #22c55e;
    box-shadow: 0 30px 60px rgb(15 23 42 / 35%); transform: rotate(-2deg); }
  .top { display: flex; justify-content: space-between; align-items: center; font-size: 20px; color: #475569; }
  .badge { background: #dcfce7; color: #14532d; font-weight: 700; padding: 4px 14px; border-radius: 999px; }
  .title { margin-top: 18px; font-size: 30px; font-weight: 700; }
  .company { margin-top: 6px; font-size: 22px; color: #334155; }
  .score { margin-top: 16px; font-size: 24px; font-weight: 700; color: #047857; }
  .chips { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 16px; }
  .chips span { background: #eff6ff; color: #1e3a8a; font-size: 18px; font-weight: 700; padding: 6px 12px; border-radius: 999px; }
  </style></head><body><div class="wrap"><div>
    <div class="brand">${mark}<span>ApplyFirst</span></div>
    <h1>Apply first.<br>Get more interviews.</h1>
    <p class="sub">Your CV matched against new US and remote tech jobs, with real-time alerts.</p>
  </div><div class="card">
    <div class="top"><span class="badge">New match</span><span>4 min ago</span></div>
    <div class="title">Senior Frontend Engineer</div>
    <div class="company">Remote (US) · Full-time</div>
    <div class="score">92% match with your CV</div>
    <div class="chips"><span>React</span><span>TypeScript</span><span>US time zones</span></div>
  </div></div></body></html>`;
}

function iconHtml(mark: string, size: number): string {
  return `<!doctype html><html><head><style>* { margin: 0 } body { width: ${size}px; height: ${size}px; }
  svg { display: block; width: ${size}px; height: ${size}px; }</style></head><body>${mark}</body></html>`;
}

const mark = await readFile(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  const images = [
    { file: 'og-image.png', width: 1200, height: 630, html: ogImageHtml(mark) },
    { file: 'logo-512.png', width: 512, height: 512, html: iconHtml(mark, 512) },
    { file: 'icon-192.png', width: 192, height: 192, html: iconHtml(mark, 192) },
    // Maskable: the platform cuts its own shape, so a full square with the mark inside the
    // central 80% safe zone.
    {
      file: 'icon-maskable-512.png',
      width: 512,
      height: 512,
      html: iconHtml(
        mark
          .replace('rx="8"', 'rx="0"')
          .replace('<path ', '<path transform="translate(3.2 3.2) scale(0.8)" '),
        512,
      ),
    },
    // iOS rounds the corners itself: a full square, no transparency.
    {
      file: 'apple-touch-icon.png',
      width: 180,
      height: 180,
      html: iconHtml(mark.replace('rx="8"', 'rx="0"'), 180),
    },
  ];
  for (const { file, width, height, html } of images) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(html);
    await page.screenshot({
      path: path.join(PUBLIC_DIR, file),
      omitBackground: file === 'logo-512.png' || file === 'icon-192.png',
    });
    await page.close();
    console.log(`public/${file} (${width}x${height})`);
  }
} finally {
  await browser.close();
}
