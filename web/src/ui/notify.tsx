import { CircleCheck, CircleX, Trash2 } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useEffect } from 'react';
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

/** PRODUCT.md#undo: a notification with Undo stays 8,000 ms. */
export const UNDO_DURATION_MS = 8_000;

/** A notification of a change that can be taken back (PRODUCT.md#undo). */
export interface UndoableNotification extends Omit<Notification, 'type'> {
  type: 'success' | 'deletion';
  /** Takes the change back; called once, by the Undo button or Ctrl/Cmd+Z. */
  undo: () => void;
}

/** The Undo of the newest notification that offers one, while it shows (for Ctrl/Cmd+Z). */
let latestUndo: { toastId: string | number; undo: () => void } | null = null;

/**
 * Shows a notification with an Undo button for UNDO_DURATION_MS (PRODUCT.md#undo). Undo closes it
 * and calls `undo`; so does Ctrl/Cmd+Z while it shows, outside a text field.
 */
export function notifyUndoable({ type, title, description, undo }: UndoableNotification): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    if (latestUndo?.undo === once) latestUndo = null;
    undo();
  };
  const forget = () => {
    if (latestUndo?.undo === once) latestUndo = null;
  };
  const toastId = toast(title, {
    description,
    duration: UNDO_DURATION_MS,
    icon: type === 'deletion' ? <Trash2 className="size-4 text-danger-text" /> : undefined,
    action: { label: 'Undo', onClick: once },
    onDismiss: forget,
    onAutoClose: forget,
  });
  latestUndo = { toastId, undo: once };
}

/** Whether a key press belongs to a text field (whose own undo Ctrl/Cmd+Z is). */
function inTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/** Ctrl/Cmd+Z outside a text field: the Undo of the newest notification that shows one. */
function useUndoShortcut() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!latestUndo || event.key.toLowerCase() !== 'z' || event.shiftKey || event.altKey) return;
      if (!(event.ctrlKey || event.metaKey) || inTextField(event.target)) return;
      event.preventDefault();
      const { toastId, undo } = latestUndo;
      toast.dismiss(toastId);
      undo();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
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
 * Shows the notifications, in a polite live region, and takes Ctrl/Cmd+Z for the newest Undo
 * (PRODUCT.md#undo); mount once at the root of the app. At the bottom right on a desktop; at
 * the top on mobile (≤ 768 px, PRODUCT.md#layout-shell), below the top bar, as menus there open as
 * sheets from the bottom of the screen that a notification must not cover.
 */
export function NotificationHost() {
  const isMobile = useIsMobile();
  useUndoShortcut();
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
          actionButton:
            'h-8! rounded-lg! bg-accent! px-3! text-sm! font-semibold! text-on-accent! focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-ring!',
        },
      }}
    />
  );
}
