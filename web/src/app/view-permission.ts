import { createContext, useContext } from 'react';
import { Permission } from '../../../contract/permissions.ts';

/**
 * The permission of the page being shown (`permission` of PRODUCT.md#auth-state, #permissions): 7
 * on a signed-in user's own pages (the layout shell provides it), a share's permission in the
 * public view, and 0 where nobody provides one, so controls stay hidden unless a view grants them.
 */
export const ViewPermissionContext = createContext<number>(Permission.NONE);

/** The permission of the page being shown (see ViewPermissionContext). */
export function useViewPermission(): number {
  return useContext(ViewPermissionContext);
}
