import { CircleCheck, CircleX, Trash2 } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Toaster, toast } from 'sonner';
import { useIsMobile } from '../lib/media.ts';

/** PRODUCT.md#notification: a type, a title and a description. */
export interface Notification {
  type: 'error' | 'success' | 'deletion';
  title: string;
  description?: string;
}

/** PRODUCT.md#notification: notifications stay 5,000 ms. */
export const NOTIFICATION_DURATION_MS = 5_000;

/** Shows a notification (PRODUCT.md#messages for the exact texts). */
export function notify({ type, title, description }: Notification): void {
  const options = { description, duration: NOTIFICATION_DURATION_MS };
  if (type === 'error') toast.error(title, options);
  else if (type === 'success') toast.success(title, options);
  else toast(title, { ...options, icon: <Trash2 className="size-4 text-danger-text" /> });
}

/** Sonner's colours, taken from the theme so both schemes look right. */
const themeColours = {
  '--normal-bg': 'var(--color-surface)',
  '--normal-border': 'var(--color-line)',
  '--normal-text': 'var(--color-fg)',
  '--border-radius': '0.75rem',
} as CSSProperties;

/** On mobile, notifications sit just below the 3.5 rem top bar, whose buttons stay in reach. */
const BELOW_TOP_BAR = { top: '4rem' };

/**
 * Shows the notifications; mount once at the root of the app. At the bottom right on a desktop; at
 * the top on mobile (≤ 768 px, PRODUCT.md#layout-shell), below the top bar, as menus there open as
 * sheets from the bottom of the screen that a notification must not cover.
 */
export function NotificationHost() {
  const isMobile = useIsMobile();
  return (
    <Toaster
      position={isMobile ? 'top-center' : 'bottom-right'}
      offset={isMobile ? BELOW_TOP_BAR : undefined}
      mobileOffset={BELOW_TOP_BAR}
      duration={NOTIFICATION_DURATION_MS}
      closeButton
      style={themeColours}
      icons={{
        success: <CircleCheck className="size-4 text-success" />,
        error: <CircleX className="size-4 text-danger-text" />,
      }}
      toastOptions={{
        classNames: {
          toast: 'shadow-lg! font-sans!',
          title: 'font-semibold!',
          description: 'text-fg-muted!',
        },
      }}
    />
  );
}
