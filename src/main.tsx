import './ui/styles.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { loadMatchedRoutes } from './routes/loadMatchedRoutes';
import { routes } from './routes/routeTable';
import { AppProviders } from './ui/AppProviders';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');

  const { pathname, search, hash } = window.location;
  const router = createBrowserRouter(
    await loadMatchedRoutes(routes, `${pathname}${search}${hash}`),
  );
  const app = (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );

  // The build serves prerendered pages; the dev server serves an empty #root.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
