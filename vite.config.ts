import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { assertProductionSettings } from './src/productionSettings';

/**
 * Fetches the entry script and its modulepreloads at low priority. Prerendered pages paint from
 * HTML and CSS alone (and their links work without JavaScript), so the scripts that hydrate them
 * should not compete with the stylesheet. Vite writes these tags itself, hence a post hook.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'applyfirst:low-priority-scripts',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(
            /<script type="module"(?![^>]*fetchpriority)/g,
            '<script type="module" fetchpriority="low"',
          )
          .replace(
            /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
            '<link rel="modulepreload" fetchpriority="low"',
          ),
    },
  };
}

/**
 * The web app manifest and the service worker (src/serviceWorker/sw.ts, Workbox): the app
 * installs and opens at the matches. The app registers the worker itself after hydration
 * (src/serviceWorker/register.tsx), so no registration script is injected into the pages.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/serviceWorker',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      name: 'ApplyFirst: job alerts that let you apply first',
      short_name: 'ApplyFirst',
      description: 'New US and remote tech jobs matched against your CV, the minute they appear.',
      start_url: '/matches',
      scope: '/',
      display: 'standalone',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/logo-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    injectManifest: {
      // The app shell: scripts, styles, icons and the offline page. The pages themselves are
      // written by the prerender after this build, so they are cached as they are visited.
      globPatterns: ['assets/**/*.{js,css}', 'offline.html', 'favicon.svg', 'icon-192.png'],
    },
  });
}

/** The client build. scripts/prerender.ts builds src/entry-prerender.tsx for Node with the same config. */
export default defineConfig(({ command, mode }) => {
  // A real project's build must not ship the development samples (legal details, links).
  if (command === 'build') assertProductionSettings(loadEnv(mode, process.cwd(), 'VITE_'));
  return {
    plugins: [react(), lowPriorityScripts(), installableApp()],
    resolve: {
      // @xstate/react reads actors through the React 17 shims of `useSyncExternalStore`; React 19
      // has the hook itself, so the shims would only add to every page's first load.
      alias: [
        {
          find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
          replacement: 'use-sync-external-store/with-selector',
        },
        {
          find: /^use-sync-external-store\/shim(\/index\.js)?$/,
          replacement: 'use-sync-external-store',
        },
      ],
    },
    build: {
      // .vite/manifest.json: the prerender finds each route's chunk in it, to preload on that page.
      manifest: true,
      // One stylesheet, linked from every page: a prerendered page must be styled at first paint,
      // before the lazily loaded chunk of its route (and that chunk's CSS) arrives.
      cssCodeSplit: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                // What the entry imports stays in the entry chunk, which the route chunks import
                // from. @xstate/react imports xstate (for hooks the app does not use), and with
                // xstate in the entry's static graph Rolldown would otherwise split React, the JSX
                // runtime and shared modules into small chunks that every page preloads. xstate
                // itself stays in the session runtime's chunk, loaded after hydration.
                name: 'entry',
                tags: ['$initial'],
                test: (id) => !/[\\/]node_modules[\\/]xstate[\\/]/.test(id),
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
