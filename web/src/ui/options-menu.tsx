import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import { Ellipsis } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { buttonClasses } from './button.tsx';

/** One choice of an options menu: an action or a route. */
export interface MenuItem {
  label: string;
  icon?: LucideIcon;
  /** Runs when chosen; the menu closes first. */
  onSelect?: () => void;
  /** A route to go to instead of an action. */
  to?: string;
  /** Destructive choices are shown in red. */
  tone?: 'danger';
  /** A keyboard hint shown beside the label, e.g. `Ctrl + Alt + N`. */
  hint?: string;
  /** Set for a choice among several (a sort): true for the one in effect, shown with a check. */
  checked?: boolean;
}

interface OptionsMenuProps {
  /** Accessible name of the trigger button; also the heading of the mobile sheet. */
  label: string;
  items: MenuItem[];
  /** Icon of the trigger; three dots by default. */
  icon?: LucideIcon;
  /** Text shown beside the trigger's icon (e.g. the sort in effect); icon only when unset. */
  text?: string;
  triggerClassName?: string;
  /**
   * When set, the menu hangs from the trigger's right edge if it was opened within this many
   * pixels of the viewport's right edge, else from its left edge (PRODUCT.md#limits: 150 px for
   * post menus). Unset: right edge.
   */
  alignNearEdgePx?: number;
}

// Radix (menus, sheets, focus handling) is a third of the first page's weight, and no page needs
// a menu before it is opened: it loads when a trigger is pointed at, focused or used.
const loadPopup = () => import('./options-menu-popup.tsx');
const OptionsMenuPopup = lazy(async () => ({ default: (await loadPopup()).OptionsMenuPopup }));

/**
 * A button opening a short list of options (PRODUCT.md#layout-shell: the top bar's options menu, a
 * bottom sheet on mobile; the post card's context menu; a collection's sort): a dropdown anchored
 * to the button on desktop, a sheet from the bottom of the screen on mobile (≤ 768 px). Either
 * closes on any click outside, on Escape and after a choice. Items with `checked` are choices, the
 * one in effect checked.
 */
export function OptionsMenu({
  label,
  items,
  icon: Icon = Ellipsis,
  text,
  triggerClassName,
  alignNearEdgePx,
}: OptionsMenuProps) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [align, setAlign] = useState<'start' | 'end'>('end');
  const trigger = (
    <button
      type="button"
      aria-label={text === undefined ? label : `${label}: ${text}`}
      title={label}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onPointerDown={(event) => {
        if (alignNearEdgePx === undefined) return;
        setAlign(window.innerWidth - event.clientX <= alignNearEdgePx ? 'end' : 'start');
      }}
      onClick={() => {
        if (used) return;
        setUsed(true);
        setOpen(true);
      }}
      className={clsx(buttonClasses('ghost', text === undefined ? 'icon' : 'sm'), triggerClassName)}
    >
      <Icon aria-hidden />
      {text}
    </button>
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <OptionsMenuPopup
        label={label}
        items={items}
        open={open}
        onOpenChange={setOpen}
        align={align}
        trigger={trigger}
      />
    </Suspense>
  );
}
