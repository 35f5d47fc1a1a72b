import { registerSW } from 'virtual:pwa-register';
import { toast } from 'sonner';
import { NOTIFICATION_DURATION_MS } from '../ui/notify.tsx';
import { logError } from './log.ts';

/**
 * Registers /service-worker.js (PRODUCT.md#calls), which keeps the app shell for offline use. When
 * a new version is deployed, the new worker waits and the user is asked; Reload activates it and
 * reloads, so no page ever runs half old, half new code.
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
    onOfflineReady() {
      toast.success('Nestmark works offline now', {
        description: 'It opens without a connection; your posts load once it is back.',
        duration: NOTIFICATION_DURATION_MS,
      });
    },
    onRegisterError(error: unknown) {
      logError('the service worker could not be registered', error);
    },
  });
}
