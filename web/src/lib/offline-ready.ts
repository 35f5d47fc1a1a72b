import { useEffect } from 'react';
import { notify } from '../ui/notify.tsx';
import { isBoolean, readStored, writeStored } from './local-storage.ts';

/**
 * localStorage key: true while "works offline now" is still to be told, so a service worker that
 * became ready on the sign-in page or a public share is told of once the user is in the app.
 */
const PENDING_KEY = 'nestmark:offline-ready';

/** The same, for a browser that stores nothing (private mode): told if it happens this visit. */
let pendingThisVisit = false;
const listeners = new Set<() => void>();

/**
 * Called when the service worker first keeps the app shell for offline use (PRODUCT.md#calls): the
 * notice waits until the signed-in app shows it (useOfflineReadyNotice).
 */
export function markOfflineReady(): void {
  pendingThisVisit = true;
  writeStored(PENDING_KEY, true);
  for (const listener of listeners) listener();
}

function tellIfPending() {
  if (!pendingThisVisit && !readStored(PENDING_KEY, false, isBoolean)) return;
  pendingThisVisit = false;
  writeStored(PENDING_KEY, false);
  notify({
    type: 'success',
    title: 'Nestmark works offline now',
    description: 'It opens without a connection; your posts load once it is back.',
  });
}

/**
 * Tells the signed-in user, once, that Nestmark works offline now (PRODUCT.md#calls): at once if
 * the service worker became ready before (even on another page or visit), else when it does. Only
 * the signed-in app uses it, so the sign-in page and public shares never show it.
 */
export function useOfflineReadyNotice(): void {
  useEffect(() => {
    tellIfPending();
    listeners.add(tellIfPending);
    return () => {
      listeners.delete(tellIfPending);
    };
  }, []);
}
