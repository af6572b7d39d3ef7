import { lazy, Suspense } from 'react';

const PushControl = lazy(async () => ({ default: (await import('./PushControl')).PushControl }));

/** The notifications control, loaded after the page: it is no part of any page's first load. */
export function LazyPushControl({ showDevices = false }: { showDevices?: boolean }) {
  return (
    <Suspense fallback={null}>
      <PushControl showDevices={showDevices} />
    </Suspense>
  );
}
