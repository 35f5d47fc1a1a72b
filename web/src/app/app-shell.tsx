import { PanelLeft } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { Permission } from '../../../contract/permissions.ts';
import { useUserTheme } from '../features/auth/auth.queries.ts';
import { KeyboardShortcuts } from '../features/keyboard/keyboard-shortcuts.tsx';
import { useHotkey } from '../lib/hotkeys.ts';
import { useStoredBoolean } from '../lib/local-storage.ts';
import { useIsMobile } from '../lib/media.ts';
import { useOfflineReadyNotice } from '../lib/offline-ready.ts';
import { OfflineNotice } from './offline-notice.tsx';
import { PageHeaderSlotsContext } from './page-header.tsx';
import { Sidebar } from './sidebar.tsx';
import { useSidebarWidth } from './sidebar-width.ts';
import { ViewPermissionContext } from './view-permission.ts';

/** localStorage key of the desktop sidebar toggle (PRODUCT.md#layout-shell: remembered). */
const SIDEBAR_OPEN_KEY = 'nestmark:sidebar-open';

const SIDEBAR_ID = 'sidebar';

/**
 * The layout shell of every signed-in page (PRODUCT.md#layout-shell): sidebar, top bar with the
 * sidebar toggle, the page's title and primary action, and the page itself. Ctrl+Alt+N opens the
 * new-post screen of the collection being viewed (Uncategorized elsewhere); the other keyboard
 * shortcuts and the command palette are KeyboardShortcuts'. These are the
 * signed-in user's own pages: permission 7 (PRODUCT.md#permissions), and the user's theme. It
 * tells, once, that Nestmark works offline now (offline-ready.ts).
 */
export function AppShell() {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { collectionId } = useParams();
  const [desktopOpen, , toggleDesktop] = useStoredBoolean(SIDEBAR_OPEN_KEY, true);
  const [sidebarWidth, setSidebarWidth] = useSidebarWidth();
  // The drawer belongs to the page it was opened on, so any navigation closes it
  // (PRODUCT.md#layout-shell).
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = drawerPath === pathname;
  const open = isMobile ? drawerOpen : desktopOpen;
  const [titleSlot, setTitleSlot] = useState<HTMLElement | null>(null);
  const [actionsSlot, setActionsSlot] = useState<HTMLElement | null>(null);
  const slots = useMemo(
    () => ({ title: titleSlot, actions: actionsSlot }),
    [titleSlot, actionsSlot],
  );
  const sidebarRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useUserTheme();
  useOfflineReadyNotice();

  const closeDrawer = () => {
    setDrawerPath(null);
    toggleRef.current?.focus();
  };

  useEffect(() => {
    if (drawerOpen) sidebarRef.current?.focus();
  }, [drawerOpen]);

  const viewedId = Number(collectionId);
  const newPostPath = `/c/${Number.isInteger(viewedId) && viewedId > 0 ? viewedId : 0}/p/create`;
  useHotkey('ctrl+alt+n', () => void navigate(newPostPath));

  return (
    <KeyboardShortcuts newPostPath={newPostPath}>
      <div
        className="min-h-dvh"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && isMobile && drawerOpen) closeDrawer();
        }}
      >
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-surface px-4 py-2 font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <Sidebar
          id={SIDEBAR_ID}
          ref={sidebarRef}
          open={open}
          overlay={isMobile}
          onClose={closeDrawer}
          width={isMobile ? undefined : sidebarWidth}
          onResize={setSidebarWidth}
        />
        {isMobile && drawerOpen && (
          <div
            aria-hidden
            onClick={closeDrawer}
            className="fixed inset-0 z-30 bg-black/40 backdrop-blur-[1px]"
          />
        )}
        <div
          // While the drawer covers it, the page is out of reach of keyboard and screen reader.
          inert={isMobile && drawerOpen}
          style={open && !isMobile ? { paddingLeft: sidebarWidth } : undefined}
          className="flex min-h-dvh flex-col transition-[padding] duration-200"
        >
          <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-1 border-b border-line bg-canvas px-2 sm:gap-2 sm:px-4">
            <button
              ref={toggleRef}
              type="button"
              aria-label="Toggle sidebar"
              aria-expanded={open}
              aria-controls={SIDEBAR_ID}
              onClick={() =>
                isMobile ? setDrawerPath(drawerOpen ? null : pathname) : toggleDesktop()
              }
              className="flex size-10 shrink-0 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg"
            >
              <PanelLeft aria-hidden className="size-5" />
            </button>
            <h1
              ref={setTitleSlot}
              className="min-w-0 flex-1 truncate text-base font-semibold tracking-tight sm:text-lg"
            />
            <div ref={setActionsSlot} className="flex shrink-0 items-center gap-1 sm:gap-2" />
          </header>
          <OfflineNotice />
          <PageHeaderSlotsContext value={slots}>
            <ViewPermissionContext value={Permission.FULL}>
              <main
                id="main"
                tabIndex={-1}
                className="flex w-full flex-1 flex-col px-4 pt-6 pb-16 outline-none sm:px-6 md:px-8"
              >
                <Outlet />
              </main>
            </ViewPermissionContext>
          </PageHeaderSlotsContext>
        </div>
      </div>
    </KeyboardShortcuts>
  );
}
