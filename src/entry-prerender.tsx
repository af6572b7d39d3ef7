/**
 * The build-time renderer (scripts/prerender.ts loads it after Vite builds it for Node). It renders
 * each page through React Router's static data router and React's `prerender`; nothing here starts
 * Firebase, because the session provider only starts the session in an effect, which never runs here.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { config } from './config';
import { contentSecurityPolicy } from './meta/contentSecurityPolicy';
import { robotsTxt, sitemapXml } from './meta/sitemap';
import { routes } from './routes/routeTable';
import { NOT_FOUND_PAGE, SITE_PAGES } from './routes/sitePages';
import { AppProviders } from './ui/AppProviders';

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
): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, config.siteUrl)));
  if (context instanceof Response) {
    throw new Error(`${path} answered ${context.status} instead of a page.`);
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const preloads = modulePreloads(context.matches.map(({ route }) => route.id));

  const app = (
    <AppProviders>
      {/* No loaders, so no hydration data: no inline script, and the CSP needs none. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
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
