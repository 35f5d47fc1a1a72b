import { registerSW } from 'virtual:pwa-register';
import { toast } from 'sonner';
import { logError } from './log.ts';
import { markOfflineReady } from './offline-ready.ts';

/**
 * Registers /service-worker.js (PRODUCT.md#calls), which keeps the app shell for offline use. When
 * a new version is deployed, the new worker waits and the user is asked; Reload activates it and
 * reloads, so no page ever runs half old, half new code. That it works offline is told once, in the
 * signed-in app (offline-ready.ts).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    onNeedRefresh() {
      toast('A new version of Nestmark is available', {
        description: 'Reload to use it. Unsaved changes on this page would be lost.',
        duration: Infinity,
        action: { label: 'Reload', onClick: () => void update(true) },
      });
    },
    // Told inside the signed-in app only, never on the sign-in page or a public share.
    onOfflineReady: markOfflineReady,
    onRegisterError(error: unknown) {
      logError('the service worker could not be registered', error);
    },
  });
}
