import { Bookmark, Rss, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../app/page-header.tsx';
import { BookmarkletLink } from '../features/bookmarklet/bookmarklet-link.tsx';
import { useMe } from '../features/auth/auth.queries.ts';
import { Card } from '../ui/card.tsx';

/**
 * `/save-from-browser` (PRODUCT.md#bookmarklet): the bookmarklet to drag to the bookmarks bar and
 * how to use it; on phones, the share sheet of the installed app; where feeds are.
 */
export function SaveFromBrowserRoute() {
  const me = useMe().data;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader title="Save from your browser" />
      <Card aria-labelledby="bookmarklet-heading" className="flex gap-4 p-5 sm:p-6">
        <Bookmark aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-subtle" />
        <div className="flex flex-col gap-4">
          <div>
            <h2 id="bookmarklet-heading" className="text-base font-semibold">
              Bookmarklet
            </h2>
            <p className="mt-1 text-sm text-fg-muted">
              Show your browser’s bookmarks bar (Ctrl + Shift + B, or ⌘ + Shift + B on a Mac) and
              drag this button onto it. Then, on any page, click it: Nestmark opens a new post with
              the page’s link and title, and the text you selected on the page as its note.
            </p>
          </div>
          <BookmarkletLink />
        </div>
      </Card>
      <Card aria-labelledby="share-heading" className="flex gap-4 p-5 sm:p-6">
        <Share2 aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-subtle" />
        <div>
          <h2 id="share-heading" className="text-base font-semibold">
            On your phone
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Install Nestmark from your browser’s menu (Add to Home screen). It then appears in the
            share sheet of other apps: share a page to Nestmark to save it.
          </p>
        </div>
      </Card>
      <Card aria-labelledby="feeds-heading" className="flex gap-4 p-5 sm:p-6">
        <Rss aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-subtle" />
        <div>
          <h2 id="feeds-heading" className="text-base font-semibold">
            Follow collections in a feed reader
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Every collection has an Atom feed of its newest posts. Make your feed token in{' '}
            {me ? (
              <Link to={`/users/${me.id}`} className="font-medium text-accent-text underline">
                My Account
              </Link>
            ) : (
              'My Account'
            )}
            , then choose Feed link in a collection’s options menu.
          </p>
        </div>
      </Card>
    </div>
  );
}
