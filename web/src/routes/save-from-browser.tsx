import type { LucideIcon } from 'lucide-react';
import { Bookmark, Rss, Share2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../app/page-header.tsx';
import { BookmarkletLink } from '../features/bookmarklet/bookmarklet-link.tsx';
import { useMe } from '../features/auth/auth.queries.ts';
import { Card } from '../ui/card.tsx';

/** One way of saving: an icon, a heading, what to do, and what it needs below. */
function WayCard({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id} className="flex gap-4 p-5 sm:p-6">
      <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-subtle" />
      <div className="flex flex-col gap-4">
        <div>
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-fg-muted">{text}</p>
        </div>
        {children}
      </div>
    </Card>
  );
}

/**
 * `/save-from-browser` (PRODUCT.md#bookmarklet): the bookmarklet to drag to the bookmarks bar and
 * how to use it; on phones, the share sheet of the installed app; where feeds are.
 */
export function SaveFromBrowserRoute() {
  const me = useMe().data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader title="Save from your browser" />
      <WayCard
        icon={Bookmark}
        title="Bookmarklet"
        text="Show your browser’s bookmarks bar (Ctrl + Shift + B, or ⌘ + Shift + B on a Mac) and drag this button onto it. Then, on any page, click it: Nestmark opens a new post with the page’s link and title, and the text you selected on the page as its note."
      >
        <BookmarkletLink />
      </WayCard>
      <WayCard
        icon={Share2}
        title="On your phone"
        text="Install Nestmark from your browser’s menu (Add to Home screen). It then appears in the share sheet of other apps: share a page to Nestmark to save it."
      />
      <WayCard
        icon={Rss}
        title="Follow collections in a feed reader"
        text={
          <>
            Every collection has an Atom feed of its newest posts. Make your feed token in{' '}
            {me ? (
              <Link to={`/users/${me.id}`} className="font-medium text-accent-text underline">
                My Account
              </Link>
            ) : (
              'My Account'
            )}
            , then choose Feed link in a collection’s options menu.
          </>
        }
      />
    </div>
  );
}
