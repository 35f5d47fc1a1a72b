import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useIsMobile } from '../lib/media.ts';
import type { MenuItem } from './options-menu.tsx';

interface OptionsMenuPopupProps {
  label: string;
  items: MenuItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Which edge of the trigger the dropdown hangs from. */
  align: 'start' | 'end';
  /** The trigger button (made by OptionsMenu). */
  trigger: ReactElement;
}

const itemClasses = (tone: MenuItem['tone']) =>
  clsx(
    'flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 text-left text-sm font-medium outline-none select-none',
    'data-[highlighted]:bg-surface-muted focus-visible:bg-surface-muted',
    tone === 'danger' ? 'text-danger-text' : 'text-fg',
  );

function ItemBody({ item }: { item: MenuItem }) {
  const Icon = item.icon;
  return (
    <>
      {Icon && (
        <Icon
          aria-hidden
          className={clsx('size-4 shrink-0', item.tone !== 'danger' && 'text-fg-muted')}
        />
      )}
      <span className="flex-1">{item.label}</span>
      {item.hint && <span className="text-xs text-fg-subtle">{item.hint}</span>}
      {item.checked && <Check aria-hidden className="size-4 shrink-0 text-accent-text" />}
    </>
  );
}

/**
 * The menu of OptionsMenu (options-menu.tsx), loaded with Radix only when a menu is first used:
 * a dropdown anchored to the trigger on desktop, a sheet from the bottom of the screen on mobile
 * (≤ 768 px). Either closes on any click outside, on Escape and after a choice.
 */
export function OptionsMenuPopup({
  label,
  items,
  open,
  onOpenChange: setOpen,
  align,
  trigger,
}: OptionsMenuPopupProps) {
  const isMobile = useIsMobile();
  // The action runs once the menu has closed and given focus back to its button, so a dialog the
  // action opens takes the focus (and returns it to the button when it closes).
  const choose = (item: MenuItem) => {
    setOpen(false);
    if (item.onSelect) setTimeout(item.onSelect, 0);
  };

  if (isMobile) {
    return (
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 data-[state=open]:animate-[fade-in_150ms]" />
          <DialogPrimitive.Content
            aria-describedby={undefined}
            className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl border-t border-line bg-surface px-2 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-2xl outline-none data-[state=open]:animate-[sheet-up_200ms_ease-out]"
          >
            <div aria-hidden className="mx-auto mb-2 h-1 w-10 rounded-full bg-line-strong" />
            <DialogPrimitive.Title className="px-3 pb-2 text-sm font-semibold text-fg-muted">
              {label}
            </DialogPrimitive.Title>
            <ul className="flex flex-col">
              {items.map((item) => (
                <li key={item.label}>
                  {item.to ? (
                    <Link
                      to={item.to}
                      onClick={() => setOpen(false)}
                      className={clsx(itemClasses(item.tone), 'h-12')}
                    >
                      <ItemBody item={item} />
                    </Link>
                  ) : (
                    <button
                      type="button"
                      aria-pressed={item.checked}
                      onClick={() => choose(item)}
                      className={clsx(itemClasses(item.tone), 'h-12')}
                    >
                      <ItemBody item={item} />
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    );
  }

  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-48 rounded-xl border border-line bg-surface p-1 shadow-lg data-[state=open]:animate-[fade-in_120ms]"
        >
          {items.map((item) =>
            item.to ? (
              <DropdownMenu.Item
                key={item.label}
                asChild
                className={clsx(itemClasses(item.tone), 'h-9')}
              >
                <Link to={item.to}>
                  <ItemBody item={item} />
                </Link>
              </DropdownMenu.Item>
            ) : item.checked === undefined ? (
              <DropdownMenu.Item
                key={item.label}
                onSelect={() => choose(item)}
                className={clsx(itemClasses(item.tone), 'h-9')}
              >
                <ItemBody item={item} />
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.CheckboxItem
                key={item.label}
                checked={item.checked}
                onSelect={() => choose(item)}
                className={clsx(itemClasses(item.tone), 'h-9')}
              >
                <ItemBody item={item} />
              </DropdownMenu.CheckboxItem>
            ),
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
