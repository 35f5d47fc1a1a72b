import { clsx } from 'clsx';
import {
  ArrowDownUp,
  BookmarkPlus,
  CircleUserRound,
  FolderPlus,
  Hash,
  Inbox,
  Keyboard,
  LogOut,
  Search,
  Star,
  Trash2,
  Users,
  X,
} from 'lucide-react';
import type { Ref } from 'react';
import { useId } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useLogout, useMe } from '../features/auth/auth.queries.ts';
import { useShowShortcuts } from '../features/keyboard/keyboard-shortcuts.tsx';
import {
  CollectionNav,
  NavCount,
  navLinkClasses,
  SharedCollectionNav,
} from '../features/collections/collection-nav.tsx';
import { useCollectionTree } from '../features/collections/collections.queries.ts';
import { Logo } from './logo.tsx';
import { SIDEBAR_WIDTH, sidebarWidthAfterKey } from './sidebar-width.ts';

interface SidebarProps {
  id: string;
  open: boolean;
  /** Drawer over the page (mobile) rather than a column beside it. */
  overlay: boolean;
  onClose: () => void;
  ref?: Ref<HTMLElement>;
  /** Width of the column (desktop), in px, and its change when the edge is dragged. */
  width?: number;
  onResize?: (width: number) => void;
}

/**
 * The sidebar's right edge as a window splitter: dragged with the pointer, or focused and moved
 * with the arrow keys (Home and End for the narrowest and widest).
 */
function ResizeHandle({ width, onResize }: { width: number; onResize: (width: number) => void }) {
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize sidebar"
      aria-valuenow={width}
      aria-valuemin={SIDEBAR_WIDTH.min}
      aria-valuemax={SIDEBAR_WIDTH.max}
      tabIndex={0}
      title="Drag to resize"
      onPointerDown={(event) => {
        event.preventDefault();
        event.currentTarget.setPointerCapture(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) onResize(event.clientX);
      }}
      onKeyDown={(event) => {
        const next = sidebarWidthAfterKey(width, event.key);
        if (next === null) return;
        event.preventDefault();
        onResize(next);
      }}
      className="absolute inset-y-0 -right-1.5 z-10 w-3 cursor-col-resize touch-none outline-none after:absolute after:inset-y-0 after:left-1/2 after:w-0.5 after:-translate-x-1/2 after:transition-colors hover:after:bg-accent/60 focus-visible:after:bg-accent"
    />
  );
}

function UserFooter() {
  const me = useMe();
  const logout = useLogout();
  const showShortcuts = useShowShortcuts();
  const user = me.data;
  return (
    <div className="flex items-center gap-3 border-t border-line px-4 py-3">
      <div
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-semibold text-accent-text uppercase"
      >
        {user?.name.trim().charAt(0) || user?.email.charAt(0) || '?'}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{user?.name || user?.email}</p>
        {user?.name && <p className="truncate text-xs text-fg-subtle">{user.email}</p>}
      </div>
      <button
        type="button"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        onClick={showShortcuts}
        className="flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg max-md:hidden"
      >
        <Keyboard aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        title="Logout"
        disabled={logout.isPending}
        onClick={() => void logout.logout()}
        className="flex h-9 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg"
      >
        <LogOut aria-hidden className="size-4" />
        Logout
      </button>
    </div>
  );
}

/**
 * The sidebar of the layout shell (PRODUCT.md#layout-shell): Uncategorized, Favourites, Search, Tags, Import &
 * Export, Save from browser, Recycle Bin, Users, My Account, the Collections tree, a link to create a collection, the
 * Shared Collections (when there are any), and the signed-in user with Keyboard shortcuts (not on
 * a phone) and Logout. A column on
 * desktop, as wide as the user dragged its edge; a drawer on mobile; `inert` while hidden so
 * keyboard focus never lands in it.
 */
export function Sidebar({ id, open, overlay, onClose, ref, width, onResize }: SidebarProps) {
  const { pathname } = useLocation();
  const inImportExport = pathname.startsWith('/import') || pathname.startsWith('/export');
  const accountPath = `/users/${useMe().data?.id ?? ''}`;
  const inUsers = pathname.startsWith('/users') && pathname !== accountPath;
  const uncategorizedCount = useCollectionTree().data?.uncategorizedPostCount;
  const uncategorizedCountId = useId();
  return (
    <aside
      id={id}
      ref={ref}
      tabIndex={-1}
      inert={!open}
      style={width === undefined ? undefined : { width }}
      className={clsx(
        'fixed inset-y-0 left-0 z-40 flex w-72 max-w-[85vw] flex-col border-r border-line bg-sidebar outline-none transition-transform duration-200',
        open ? 'translate-x-0' : '-translate-x-full',
        overlay && open && 'shadow-2xl',
      )}
    >
      <div className="flex h-14 shrink-0 items-center gap-2.5 px-4">
        <Link to="/" className="flex items-center gap-2.5 rounded-lg" aria-label="Nestmark home">
          <Logo className="size-7" />
          <span className="text-[1.0625rem] font-semibold tracking-tight">Nestmark</span>
        </Link>
        {overlay && (
          <button
            type="button"
            aria-label="Close sidebar"
            onClick={onClose}
            className="ml-auto flex size-10 items-center justify-center rounded-lg text-fg-muted hover:bg-surface-muted hover:text-fg"
          >
            <X aria-hidden className="size-5" />
          </button>
        )}
      </div>
      <nav aria-label="Sidebar" className="flex-1 overflow-x-hidden overflow-y-auto px-3 pt-2 pb-6">
        <ul className="flex flex-col gap-0.5">
          <li className="flex">
            <NavLink
              to="/"
              end
              aria-describedby={uncategorizedCountId}
              className={({ isActive }) => clsx(navLinkClasses(isActive), '@container')}
            >
              <Inbox aria-hidden className="size-4 shrink-0" />
              Uncategorized
              <NavCount id={uncategorizedCountId} count={uncategorizedCount} />
            </NavLink>
          </li>
          <li className="flex">
            <NavLink to="/favorites" className={({ isActive }) => navLinkClasses(isActive)}>
              <Star aria-hidden className="size-4 shrink-0" />
              Favourites
            </NavLink>
          </li>
          <li className="flex">
            <NavLink to="/search" className={({ isActive }) => navLinkClasses(isActive)}>
              <Search aria-hidden className="size-4 shrink-0" />
              Search
            </NavLink>
          </li>
          <li className="flex">
            <NavLink to="/tags" className={({ isActive }) => navLinkClasses(isActive)}>
              <Hash aria-hidden className="size-4 shrink-0" />
              Tags
            </NavLink>
          </li>
          <li className="flex">
            {/* Active on /import and on /export too, so not a NavLink. */}
            <Link
              to="/import"
              aria-current={inImportExport ? 'page' : undefined}
              className={navLinkClasses(inImportExport)}
            >
              <ArrowDownUp aria-hidden className="size-4 shrink-0" />
              Import & Export
            </Link>
          </li>
          <li className="flex">
            <NavLink to="/save-from-browser" className={({ isActive }) => navLinkClasses(isActive)}>
              <BookmarkPlus aria-hidden className="size-4 shrink-0" />
              Save from browser
            </NavLink>
          </li>
          <li className="flex">
            <NavLink to="/restore" className={({ isActive }) => navLinkClasses(isActive)}>
              <Trash2 aria-hidden className="size-4 shrink-0" />
              Recycle Bin
            </NavLink>
          </li>
          <li className="flex">
            {/* Active on every user's page but one's own, so not a NavLink. */}
            <Link
              to="/users"
              aria-current={inUsers ? 'page' : undefined}
              className={navLinkClasses(inUsers)}
            >
              <Users aria-hidden className="size-4 shrink-0" />
              Users
            </Link>
          </li>
          <li className="flex">
            <NavLink to={accountPath} className={({ isActive }) => navLinkClasses(isActive)}>
              <CircleUserRound aria-hidden className="size-4 shrink-0" />
              My Account
            </NavLink>
          </li>
        </ul>
        <h2 className="mt-6 mb-1.5 px-2 text-xs font-semibold tracking-wider text-fg-subtle uppercase">
          Collections
        </h2>
        <CollectionNav />
        <NavLink
          to="/c/create"
          className={({ isActive }) => clsx(navLinkClasses(isActive), 'mt-1')}
        >
          <FolderPlus aria-hidden className="size-4 shrink-0" />
          Create a new collection
        </NavLink>
        <SharedCollectionNav />
      </nav>
      <UserFooter />
      {width !== undefined && onResize && <ResizeHandle width={width} onResize={onResize} />}
    </aside>
  );
}
