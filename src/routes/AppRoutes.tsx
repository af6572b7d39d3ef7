import { useRoutes } from 'react-router-dom';
import { routes } from './routeTable';

/** The site's pages, inside whichever router the entry chose (browser, static, memory). */
export function AppRoutes() {
  return useRoutes(routes);
}
