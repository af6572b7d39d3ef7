import './ui/shell/styles.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './routes/AppRoutes';
import { loadMatchedRoutes } from './routes/loadMatchedRoutes';
import { routes } from './routes/routeTable';
import { ServiceWorkerRegistration } from './serviceWorker/register';
import { AppProviders } from './ui/shell/AppProviders';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');

  const { pathname, search, hash } = window.location;
  await loadMatchedRoutes(routes, `${pathname}${search}${hash}`);
  // The declarative router, not a data router (`createBrowserRouter`): the site uses no loaders or
  // actions, and the data router's code would add about 16 KB gzip to every page's first load.
  const app = (
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ServiceWorkerRegistration />
    </AppProviders>
  );

  // The build serves prerendered pages; the dev server serves an empty #root. Hydrating in a
  // transition lets React yield to the browser every few milliseconds: at the default priority it
  // hydrates the whole page in one task, which blocks input. Input that comes meanwhile is not
  // lost: React hydrates the part that was clicked first.
  if (container.firstElementChild) {
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else createRoot(container).render(app);
}

void start();
