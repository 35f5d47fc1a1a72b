import { useStoredValue } from '../lib/local-storage.ts';

/** localStorage key of the desktop sidebar's width, in px. */
const SIDEBAR_WIDTH_KEY = 'nestmark:sidebar-width';
/**
 * Width of the desktop sidebar, in px: 304 until the user drags its edge (room for a collection
 * eight levels deep to show its name).
 */
export const SIDEBAR_WIDTH = { initial: 304, min: 224, max: 480 } as const;
/** How far one arrow key press moves the sidebar's edge, in px. */
const SIDEBAR_WIDTH_STEP = 16;

/** `width` brought within the sidebar's bounds, in whole px. */
export function clampSidebarWidth(width: number): number {
  return Math.round(Math.min(Math.max(width, SIDEBAR_WIDTH.min), SIDEBAR_WIDTH.max));
}

function isWidth(value: unknown): value is number {
  return typeof value === 'number' && value === clampSidebarWidth(value);
}

/**
 * The width of the desktop sidebar, remembered in localStorage, and a setter that keeps it
 * within 224 to 480 px.
 */
export function useSidebarWidth() {
  const [width, setWidth] = useStoredValue<number>(
    SIDEBAR_WIDTH_KEY,
    SIDEBAR_WIDTH.initial,
    isWidth,
  );
  return [width, (next: number) => setWidth(clampSidebarWidth(next))] as const;
}

/**
 * The width after a key press on the sidebar's edge (a window splitter): arrows move it by 16
 * px, Home and End to the narrowest and widest; null for any other key.
 */
export function sidebarWidthAfterKey(width: number, key: string): number | null {
  switch (key) {
    case 'ArrowLeft':
      return clampSidebarWidth(width - SIDEBAR_WIDTH_STEP);
    case 'ArrowRight':
      return clampSidebarWidth(width + SIDEBAR_WIDTH_STEP);
    case 'Home':
      return SIDEBAR_WIDTH.min;
    case 'End':
      return SIDEBAR_WIDTH.max;
    default:
      return null;
  }
}
