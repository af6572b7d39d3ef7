import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
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

/** The client build. scripts/prerender.ts builds src/entry-prerender.tsx for Node with the same config. */
export default defineConfig(({ command, mode }) => {
  // A real project's build must not ship the development samples (legal details, links).
  if (command === 'build') assertProductionSettings(loadEnv(mode, process.cwd(), 'VITE_'));
  return {
    plugins: [react(), lowPriorityScripts()],
    build: {
      // .vite/manifest.json: the prerender finds each route's chunk in it, to preload on that page.
      manifest: true,
      // One stylesheet, linked from every page: a prerendered page must be styled at first paint,
      // before the lazily loaded chunk of its route (and that chunk's CSS) arrives.
      cssCodeSplit: false,
    },
  };
});
