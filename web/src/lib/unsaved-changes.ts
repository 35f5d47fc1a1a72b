import { useEffect, useRef } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Holds a page while it has changes that are not saved (`dirty`; PRODUCT.md#post-editor): leaving
 * it for another page (a link, Back, a shortcut) waits until the user answers through `blocker`
 * (`proceed` leaves, `reset` stays), and closing or reloading the tab asks the browser's own
 * question. `release()` lets the page's own navigation through, after a save or a delete.
 */
export function useUnsavedChanges(dirty: boolean): { blocker: Blocker; release: () => void } {
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);
  return {
    blocker,
    release: () => {
      released.current = true;
    },
  };
}
