import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

function focusTarget(hash: string): HTMLElement | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const byHash = id ? document.getElementById(id) : null;
  return (
    byHash ?? document.querySelector<HTMLElement>('main h1') ?? document.getElementById('main')
  );
}

/**
 * After a client-side navigation, moves focus to the new page's main heading (or the `#hash`
 * target), as a full page load would, so keyboard and screen-reader users start at the new content.
 * The first render is a page load: the browser's own focus handling applies.
 */
export function useFocusAfterNavigation(): void {
  const { key, hash } = useLocation();
  const isPageLoad = useRef(true);

  useEffect(() => {
    if (isPageLoad.current) {
      isPageLoad.current = false;
      return;
    }
    const target = focusTarget(hash);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    // Scroll restoration owns the scroll position, except when a #hash asks for a section.
    target.focus({ preventScroll: hash === '' });
  }, [key, hash]);
}
