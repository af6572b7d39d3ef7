/**
 * The window a Firebase popup sign-in opens, closed when the person gives up in the app.
 *
 * The SDK (@firebase/auth 1.13.6, `src/platform_browser/util/popup.ts` `_open`, called from
 * `BrowserPopupRedirectResolver._openPopup`) opens it with `window.open` and keeps the handle to
 * itself: nothing public closes it or cancels the operation. So `window.open` is wrapped for this
 * one operation, until its first call (the popup) or until the operation settles.
 */
export async function closingPopupOnAbort<T>(
  signal: AbortSignal,
  openAndWait: () => Promise<T>,
): Promise<T> {
  // Outside a browser there is no popup (the SDK refuses popup operations there).
  if (typeof window === 'undefined') return openAndWait();
  const openWindow = window.open;
  let popup: Window | null = null;

  const restore = (): void => {
    // Only if nothing else replaced it meanwhile (the browser tests' popup blocker does).
    if (window.open === captureFirstOpen) window.open = openWindow;
  };
  function captureFirstOpen(...args: Parameters<typeof window.open>): Window | null {
    restore();
    // Given up before the popup opened (the SDK was still loading Google's script): open none.
    // The SDK then rejects with `popup-blocked`, which nobody listens to any more.
    if (signal.aborted) return null;
    popup = openWindow.apply(window, args);
    return popup;
  }
  // A closed popup can send no result: the SDK notices it and rejects with `popup-closed-by-user`.
  const closePopup = (): void => popup?.close();

  window.open = captureFirstOpen;
  signal.addEventListener('abort', closePopup, { once: true });
  try {
    return await openAndWait();
  } finally {
    restore();
    signal.removeEventListener('abort', closePopup);
  }
}
