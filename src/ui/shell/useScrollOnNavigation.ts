import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scrolls as a full page load would after a client-side navigation: a new page starts at the top,
 * back and forward return to where that page was left. A `#hash` is scrolled to by
 * `useFocusAfterNavigation`, which focuses its target. The first render is a page load: the
 * browser's own scrolling applies.
 */
export function useScrollOnNavigation(): void {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const isPageLoad = useRef(true);

  useEffect(() => {
    const remember = () => positions.current.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useEffect(() => {
    if (isPageLoad.current) {
      isPageLoad.current = false;
      return;
    }
    if (hash !== '') return;
    const saved = navigationType === 'POP' ? positions.current.get(key) : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [key, hash, navigationType]);
}
