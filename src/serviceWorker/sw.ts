/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest into /sw.js): the app shell
 * precached, pages from the network with the last copy (or the offline page) when there is none,
 * and push notifications. It holds no token and reads nothing but the push payload.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { OFFLINE_PAGE_PATH } from '../paths';
import { notificationOf, targetUrl } from './notifications';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A page from the network; after 2 s without an answer (a bad connection), the copy from the
// last visit, so the installed app still opens quickly.
registerRoute(
  new NavigationRoute(new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 2 })),
);
setCatchHandler(async ({ request }) =>
  request.mode === 'navigate'
    ? ((await matchPrecache(OFFLINE_PAGE_PATH)) ?? Response.error())
    : Response.error(),
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data?.text() ?? '');
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = targetUrl(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open === undefined) {
        await self.clients.openWindow(url);
        return;
      }
      await (await open.navigate(url))?.focus();
    })(),
  );
});
