import { useEffect } from 'react';

/**
 * Registers the service worker once the page has hydrated and loaded, so it never competes with
 * the first load. Only in a build: the dev server has no /sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The site works without it: only offline pages and notifications are missing.
      console.warn('The service worker could not be registered.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Renders nothing; registers the service worker after hydration (an effect runs after it). */
export function ServiceWorkerRegistration(): null {
  useEffect(registerServiceWorker, []);
  return null;
}
