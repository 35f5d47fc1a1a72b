import * as DialogPrimitive from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned. */
  footer?: ReactNode;
  /** As wide and tall as the screen allows (a page shown inside it), instead of a narrow box. */
  wide?: boolean;
}

/**
 * Whether a key event comes from a combobox whose list is open: its Escape closes the list, not
 * the dialog around it.
 */
function fromOpenCombobox(event: KeyboardEvent): boolean {
  const target = event.target;
  return (
    target instanceof Element &&
    target.getAttribute('role') === 'combobox' &&
    target.getAttribute('aria-expanded') === 'true'
  );
}

/**
 * A modal dialog: focus stays inside while it is open; Escape, the close button and a click on
 * the backdrop close it (PRODUCT.md#transfer-dialog). Escape in a combobox with its list open
 * (a tag picker, the collection tree select) closes only that list.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide = false,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-testid="dialog-backdrop"
          className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px] data-[state=open]:animate-[fade-in_150ms]"
        />
        <DialogPrimitive.Content
          onEscapeKeyDown={(event) => {
            if (fromOpenCombobox(event)) event.preventDefault();
          }}
          // Without a description, say so (Radix warns about a missing one otherwise).
          {...(!description && { 'aria-describedby': undefined })}
          className={clsx(
            'fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-line bg-surface shadow-2xl outline-none data-[state=open]:animate-[fade-in_150ms]',
            wide
              ? 'h-[calc(100dvh-2rem)] max-w-5xl'
              : 'max-h-[min(40rem,calc(100dvh-2rem))] max-w-md',
          )}
        >
          {/* A question without a body (a confirmation) keeps its distance from the buttons. */}
          <div className={clsx('flex items-start gap-3 px-5 pt-5', !children && 'pb-4')}>
            <div className="flex-1">
              <DialogPrimitive.Title className="text-lg font-semibold tracking-tight">
                {title}
              </DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-fg-muted">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close
              aria-label="Close"
              className="-mt-1 -mr-2 flex size-9 items-center justify-center rounded-lg text-fg-subtle hover:bg-surface-muted hover:text-fg"
            >
              <X aria-hidden className="size-4" />
            </DialogPrimitive.Close>
          </div>
          {children && <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className="flex justify-end gap-2 border-t border-line px-5 py-3">{footer}</div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
