import { matchRoutes, type RouteObject } from 'react-router-dom';

/**
 * The route table with the `lazy` routes matching `location` already loaded. Hydrating prerendered
 * HTML needs them: a router whose first match is still lazy renders nothing until the chunk
 * arrives, which would not match the server's markup.
 */
export async function loadMatchedRoutes(
  routes: RouteObject[],
  location: string,
): Promise<RouteObject[]> {
  const loaded = new Map<RouteObject, RouteObject>();
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      loaded.set(route, { ...route, ...properties, lazy: undefined } as RouteObject);
    }),
  );

  function replace(list: RouteObject[]): RouteObject[] {
    return list.map((route) => {
      const current = loaded.get(route) ?? route;
      return current.children ? { ...current, children: replace(current.children) } : current;
    });
  }
  return replace(routes);
}
