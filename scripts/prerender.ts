/**
 * Step two of `npm run build` (after `vite build`): renders every route into its own HTML file in
 * `dist/`, plus `sitemap.xml` and `robots.txt`. The renderer is src/entry-prerender.tsx, built
 * here for Node with the project's Vite config (same settings and environment as the client).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

import type { ModulePreloads } from '../src/entry-prerender';

type PrerenderEntry = typeof import('../src/entry-prerender');

const PROJECT_ROOT = path.resolve(import.meta.dirname, '..');
const HEAD_SLOT = '<!--app-head-->';
const BODY_SLOT = '<!--app-html-->';

/** Builds the renderer into `rendererDir` and loads it. */
async function buildRenderer(rendererDir: string): Promise<PrerenderEntry> {
  await build({
    root: PROJECT_ROOT,
    logLevel: 'warn',
    // Self-contained (React and React Router bundled in), so it runs from a temporary directory.
    ssr: { noExternal: true },
    build: {
      ssr: 'src/entry-prerender.tsx',
      outDir: rendererDir,
      emptyOutDir: true,
      copyPublicDir: false,
      // One file: the route chunks that matter to browsers mean nothing to a build-time renderer.
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  return (await import(
    pathToFileURL(path.join(rendererDir, 'entry-prerender.js')).href
  )) as PrerenderEntry;
}

/** The part of Vite's `.vite/manifest.json` used here. */
type Manifest = Record<string, { file: string; imports?: string[] }>;

/**
 * The chunks a page's lazy route needs, minus those index.html already loads: route ids name
 * their module (`src/routes/<id>.tsx`, see routeTable.tsx); the layout's ids name none.
 */
function routeChunks(manifest: Manifest, template: string): ModulePreloads {
  function withImports(key: string, into: Set<string>): Set<string> {
    const chunk = manifest[key];
    if (!chunk || into.has(`/${chunk.file}`)) return into;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) withImports(imported, into);
    return into;
  }
  return (routeIds) => {
    const modules = routeIds.map((id) => `src/routes/${id}.tsx`).filter((key) => key in manifest);
    if (modules.length === 0) {
      throw new Error(
        `No chunk for any of the routes ${routeIds.join(', ')} in the Vite manifest.`,
      );
    }
    const files = modules.reduce((all, key) => withImports(key, all), new Set<string>());
    return [...files].filter((file) => !template.includes(`"${file}"`));
  };
}

/** Vite's manifest key of the session runtime, which `SessionProvider` imports after hydration. */
const SESSION_RUNTIME = 'src/ui/session/browserSessionRuntime.ts';

/**
 * The session runtime's chunks (Firebase, XState), for a `rel=prefetch` on every page: fetched
 * while the page hydrates, at idle priority, so the import after hydration finds them in the cache.
 */
function sessionRuntimeChunks(manifest: Manifest, template: string): string[] {
  const files = new Set<string>();
  function add(key: string): void {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) add(imported);
  }
  add(SESSION_RUNTIME);
  if (files.size === 0) throw new Error(`No chunk for ${SESSION_RUNTIME} in the Vite manifest.`);
  return [...files].filter((file) => !template.includes(`"${file}"`));
}

function fillTemplate(template: string, head: string, body: string): string {
  // Function replacers: page text such as "$19" must not be read as a replacement pattern.
  return template.replace(HEAD_SLOT, () => head).replace(BODY_SLOT, () => body);
}

/** Prerenders into `outDir`, which must hold a fresh client build (its index.html is the template). */
export async function prerenderSite(outDir: string): Promise<string[]> {
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes(HEAD_SLOT) || !template.includes(BODY_SLOT)) {
    throw new Error(
      `${outDir}/index.html has no ${HEAD_SLOT} / ${BODY_SLOT}: run \`vite build\` first.`,
    );
  }
  const manifest = JSON.parse(
    await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const preloadsFor = routeChunks(manifest, template);
  const prefetches = sessionRuntimeChunks(manifest, template);
  const rendererDir = await mkdtemp(path.join(tmpdir(), 'applyfirst-renderer-'));
  try {
    const renderer = await buildRenderer(rendererDir);
    const written: string[] = [];
    for (const { path: pagePath, file } of renderer.PLANNED_PAGES) {
      const { head, body } = await renderer.renderPage(pagePath, preloadsFor, prefetches);
      const target = path.join(outDir, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, fillTemplate(template, head, body));
      written.push(file);
    }
    await writeFile(path.join(outDir, 'sitemap.xml'), renderer.sitemapFile());
    await writeFile(path.join(outDir, 'robots.txt'), renderer.robotsFile());
    return [...written, 'sitemap.xml', 'robots.txt'];
  } finally {
    await rm(rendererDir, { recursive: true, force: true });
  }
}

if (import.meta.filename === process.argv[1]) {
  const outDir = path.resolve(process.argv[2] ?? path.join(PROJECT_ROOT, 'dist'));
  const written = await prerenderSite(outDir);
  console.log(
    `Prerendered ${written.length} files into ${path.relative(PROJECT_ROOT, outDir) || '.'}:`,
  );
  for (const file of written) console.log(`  ${file}`);
}
