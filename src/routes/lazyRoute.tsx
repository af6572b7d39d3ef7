import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** Keyed by the route's component: the route table spreads the route into its own object. */
const preloads = new WeakMap<ComponentType, () => Promise<void>>();

/**
 * A route whose module loads on first use, so its chunk stays out of the entry. The id is the
 * module's file name: the prerender looks the chunk up by it (`src/routes/<id>.tsx`) and preloads
 * it on the pages that route renders. Once loaded (before hydration for the first page, see
 * `loadMatchedRoutes`), it renders at once; otherwise it suspends until its chunk arrives.
 */
export function lazyRoute<Module>(
  id: string,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): { id: string; Component: ComponentType } {
  let loaded: ComponentType | null = null;
  const preload = async () => {
    loaded ??= pick(await load());
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded ?? (() => null) };
  });
  function LazyRoute() {
    const Page = loaded ?? Suspending;
    return <Page />;
  }
  preloads.set(LazyRoute, preload);
  return { id, Component: LazyRoute };
}

/** Loads the chunk of a route made by `lazyRoute`; other routes have nothing to load. */
export function preloadRoute(route: RouteObject): Promise<void> {
  const preload = route.Component ? preloads.get(route.Component) : undefined;
  return preload?.() ?? Promise.resolve();
}
