import { WifiOff } from 'lucide-react';
import { useOffline } from '../lib/connectivity.ts';

/**
 * A strip that says the server cannot be reached (offline, or the server is down): the app
 * shell still opens from the service worker, but nothing loads or saves until it is back.
 */
export function OfflineNotice() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b border-line bg-surface-muted px-4 py-2 text-center text-sm text-fg-muted"
    >
      <WifiOff aria-hidden className="size-4 shrink-0" />
      <span>
        You are offline. Nestmark will load and save your posts again once it can reach the server.
      </span>
    </div>
  );
}
