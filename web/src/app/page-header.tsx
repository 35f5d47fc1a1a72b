import type { ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { createPortal } from 'react-dom';
import { TOP_BAR_MIN_PERMISSION } from '../../../contract/permissions.ts';
import { useDocumentTitle } from '../lib/document-title.ts';
import { useViewPermission } from './view-permission.ts';

/** The top bar's places for a page's title and actions, filled by `PageHeader`. */
export interface PageHeaderSlots {
  title: HTMLElement | null;
  actions: HTMLElement | null;
}

export const PageHeaderSlotsContext = createContext<PageHeaderSlots>({
  title: null,
  actions: null,
});

/**
 * A page's title and primary actions, shown in the shell's top bar (PRODUCT.md#layout-shell) and as
 * the browser tab title 'Nestmark - {title}'. Rendered by each route; the actions keep their own
 * state and handlers because they are rendered into the bar, not lifted into it. Actions show only
 * at the view permission 6 or above (PRODUCT.md#permissions).
 */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useDocumentTitle(title);
  const slots = useContext(PageHeaderSlotsContext);
  const mayAct = useViewPermission() >= TOP_BAR_MIN_PERMISSION;
  return (
    <>
      {slots.title && createPortal(title, slots.title)}
      {slots.actions && actions && mayAct && createPortal(actions, slots.actions)}
    </>
  );
}
