import { useSyncExternalStore } from 'react';

/*
 * Whether the app can reach its server: the browser says it is online, and the last API request
 * did not fail for want of a network (a stopped server looks "online" to the browser). The app
 * shell opens from the service worker either way and says so.
 */

let serverUnreachable = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Called by the API client after every request: `reached` false when fetch itself failed. */
export function reportServerReached(reached: boolean): void {
  if (serverUnreachable === !reached) return;
  serverUnreachable = !reached;
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Back online: assume the server is reachable again until a request says otherwise.
  const onOnline = () => {
    serverUnreachable = false;
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

function isOffline() {
  return !navigator.onLine || serverUnreachable;
}

/** True while the browser is offline or the server could not be reached. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline);
}
