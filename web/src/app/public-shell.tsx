import { useMemo, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { ShareAccessContext, type ShareAccess } from '../features/shares/share-access.ts';
import { Logo } from './logo.tsx';
import { PageHeaderSlotsContext } from './page-header.tsx';
import { ViewPermissionContext } from './view-permission.ts';

/**
 * The frame of a page opened with a public share token (PRODUCT.md#public-view): no sidebar, no
 * actions (the share's permission, 4, is below the top bar's 6), the page's title, and the token
 * passed to every request of the page.
 */
export function PublicShell({ share }: { share: ShareAccess }) {
  const [titleSlot, setTitleSlot] = useState<HTMLElement | null>(null);
  const slots = useMemo(() => ({ title: titleSlot, actions: null }), [titleSlot]);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-3 border-b border-line bg-canvas px-4 sm:px-6">
        <Link
          to={`/s?token=${encodeURIComponent(share.token)}`}
          aria-label="Shared collection"
          className="flex shrink-0 items-center rounded-lg"
        >
          <Logo className="size-7" />
        </Link>
        <h1
          ref={setTitleSlot}
          className="min-w-0 flex-1 truncate text-base font-semibold tracking-tight sm:text-lg"
        />
        <span className="hidden shrink-0 text-sm text-fg-subtle sm:inline">
          Shared with Nestmark
        </span>
      </header>
      <PageHeaderSlotsContext value={slots}>
        <ViewPermissionContext value={share.auth.permission}>
          <ShareAccessContext value={share}>
            <main
              id="main"
              tabIndex={-1}
              className="flex w-full flex-1 flex-col px-4 pt-6 pb-16 outline-none sm:px-6 md:px-8"
            >
              <Outlet />
            </main>
          </ShareAccessContext>
        </ViewPermissionContext>
      </PageHeaderSlotsContext>
    </div>
  );
}
