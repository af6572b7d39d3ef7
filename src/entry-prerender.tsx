/**
 * The build-time renderer (scripts/prerender.ts loads it after Vite builds it for Node). It renders
 * each page through React Router's `StaticRouter` and React's `prerender`; nothing here starts
 * Firebase, because the session provider only starts the session in an effect, which never runs here.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { config } from './config';
import { contentSecurityPolicy } from './meta/contentSecurityPolicy';
import { robotsTxt, sitemapXml } from './meta/sitemap';
import { AppRoutes } from './routes/AppRoutes';
import { loadMatchedRoutes } from './routes/loadMatchedRoutes';
import { routes } from './routes/routeTable';
import { NOT_FOUND_PAGE, SITE_PAGES } from './routes/sitePages';
import { AppProviders } from './ui/shell/AppProviders';

export interface RenderedPage {
  /** Everything React hoisted into `<head>`: title, meta tags, canonical link. */
  head: string;
  /** The markup of `#root`, which the browser hydrates. */
  body: string;
}

export interface PlannedPage {
  path: string;
  file: string;
}

function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  const to = html.lastIndexOf(end);
  if (from < 0 || to < from) throw new Error(`Rendered document lacks ${start}...${end}`);
  return html.slice(from + start.length, to);
}

async function renderToHtml(tree: ReactNode): Promise<string> {
  const { prelude } = await prerender(tree);
  return new Response(prelude).text();
}

/** The script URLs the browser should fetch early for the given matched route ids. */
export type ModulePreloads = (routeIds: string[]) => string[];

export async function renderPage(
  path: string,
  modulePreloads: ModulePreloads = () => [],
  prefetches: readonly string[] = [],
): Promise<RenderedPage> {
  const preloads = modulePreloads(await loadMatchedRoutes(routes, path));

  const app = (
    <AppProviders>
      {/* Renders no inline script, so the CSP needs none. */}
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>
  );

  // React hoists `<title>`, `<meta>` and `<link>` into `<head>` only when it renders the whole
  // document, so it renders one; the page is then the built index.html with this head and #root.
  const headDocument = await renderToHtml(
    <html lang="en">
      <head>
        {/* Only in served pages: the dev server's inline scripts and websocket would break it. */}
        <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy(config)} />
        {/* The page's route chunk, fetched with the entry rather than after it, at the entry's
            low priority (vite.config.ts): first paint needs no script. */}
        {preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" crossOrigin="" />
        ))}
        {/* The session runtime, imported after hydration: fetched meanwhile at idle priority,
            neither run nor counted as first-load JavaScript (scripts/budget.ts). */}
        {prefetches.map((href) => (
          <link key={href} rel="prefetch" href={href} crossOrigin="" />
        ))}
      </head>
      <body>
        <div id="root">{app}</div>
      </body>
    </html>,
  );
  // `useId` derives ids from the position in the tree, and the `<head>` above puts #root at a
  // different position than the browser's `hydrateRoot(#root)` does: render #root again with no
  // siblings on its way up, so labels and ARIA ids match the client's.
  const bodyDocument = await renderToHtml(
    <html lang="en">
      <body>
        <div id="root">{app}</div>
      </body>
    </html>,
  );
  return {
    head: between(headDocument, '<head>', '</head>'),
    body: between(bodyDocument, '<div id="root">', '</div></body>'),
  };
}

export const PLANNED_PAGES: readonly PlannedPage[] = [...SITE_PAGES, NOT_FOUND_PAGE];

export function sitemapFile(): string {
  const indexable = SITE_PAGES.filter(({ meta }) => !meta.noIndex);
  return sitemapXml(
    indexable.map(({ path, meta }) => ({
      loc: new URL(path, `${config.siteUrl}/`).href,
      ...(meta.modifiedTime ? { lastmod: meta.modifiedTime } : {}),
    })),
  );
}

export function robotsFile(): string {
  return robotsTxt(`${config.siteUrl}/sitemap.xml`);
}
