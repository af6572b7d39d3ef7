import { matchRoutes, type RouteObject } from 'react-router-dom';
import { preloadRoute } from './lazyRoute';

/**
 * Loads the chunks of the lazy routes matching `location`, and answers their ids. Hydrating
 * prerendered HTML needs them: a route still loading would suspend and not match the markup.
 */
export async function loadMatchedRoutes(
  routes: RouteObject[],
  location: string,
): Promise<string[]> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route }) => preloadRoute(route)));
  return matches.map(({ route }) => route.id).filter((id): id is string => id !== undefined);
}
