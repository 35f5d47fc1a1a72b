import { useSyncExternalStore } from 'react';

/** PRODUCT.md#layout-shell: mobile means a viewport of at most 768 px. */
const MOBILE_MEDIA_QUERY = '(max-width: 768px)';

/** Whether the viewport is mobile-sized right now (read once, e.g. for a page size). */
export function isMobileViewport(): boolean {
  return window.matchMedia(MOBILE_MEDIA_QUERY).matches;
}

function subscribe(onChange: () => void) {
  const query = window.matchMedia(MOBILE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the viewport is mobile-sized; re-renders when it crosses the breakpoint. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileViewport);
}
