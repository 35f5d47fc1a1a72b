import {
  BookOpen,
  ExternalLink,
  FileWarning,
  FileX,
  PanelsTopLeft,
  RefreshCw,
  StickyNote,
} from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PageCopy } from '../../../../contract/page-copies.ts';
import { allows, Permission } from '../../../../contract/permissions.ts';
import type { Post } from '../../../../contract/posts.ts';
import { BackLink } from '../../app/back-link.tsx';
import { NotFoundContent } from '../../app/not-found-content.tsx';
import { PageHeader } from '../../app/page-header.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDay } from '../../lib/dates.ts';
import { Button, buttonClasses } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { notify } from '../../ui/notify.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { usePermissionOfCollection } from '../collections/collection-permission.ts';
import { Favicon } from '../posts/favicon.tsx';
import { isWebUrl, linkDomain, postName, renderRichContent } from '../posts/post-content.ts';
import { usePost } from '../posts/posts.queries.ts';
import { usePostPath, useShareAccess } from '../shares/share-access.ts';
import { snapshotPath, usePageCopy, useRefreshPageCopy } from './page-copies.queries.ts';

/**
 * The reader view of a link post (PRODUCT.md#reader-view, route `/p/{id}/read`): its readable
 * copy in a calm column with the page's title (a link to the original), site, byline, reading
 * time and the copy's date; the queued, failed and missing states with a way to (re)fetch the
 * copy for those who may edit the post; the raw snapshot in a sandboxed frame. Signed in, or
 * through the public share the page is seen through.
 */
export function ReaderView({ postId }: { postId: number }) {
  const share = useShareAccess();
  const post = usePost(postId);
  const copy = usePageCopy(postId);
  if (post.isError) return <ReaderNotFound shared={share !== null} error={post.error} />;
  if (post.isPending) return <ReaderSkeleton />;
  if (post.data.type !== 'link') return <NoteHasNoCopy post={post.data} />;
  if (copy.isError) return <ReaderNotFound shared={share !== null} error={copy.error} />;
  if (copy.isPending) return <ReaderSkeleton />;
  return share ? (
    <Reader post={post.data} copy={copy.data} mayRefresh={false} />
  ) : (
    <MemberReader post={post.data} copy={copy.data} />
  );
}

/** A signed-in reader may ask for a new copy where they may write (PRODUCT.md#permissions). */
function MemberReader({ post, copy }: { post: Post; copy: PageCopy }) {
  const permission = usePermissionOfCollection()(post.collection_id);
  return <Reader post={post} copy={copy} mayRefresh={allows(permission, Permission.WRITE)} />;
}

function Reader({ post, copy, mayRefresh }: { post: Post; copy: PageCopy; mayRefresh: boolean }) {
  const shareToken = useShareAccess()?.token;
  const postPath = usePostPath(post.id);
  const refresh = useRefreshPageCopy(post.id);
  const [snapshotOpen, setSnapshotOpen] = useState(false);
  const title = copy.title || postName(post);
  const url = post.url ?? post.content;
  const site = copy.site_name || linkDomain(post);
  // A refresh keeps the copy it had: shown while the new one is made, and if it failed.
  const hasCopy = copy.kind !== null;

  function refreshCopy() {
    refresh.mutate(undefined, {
      onError: (error) =>
        notify({
          type: 'error',
          title: 'Error',
          description:
            error instanceof ApiError
              ? error.message
              : 'The server could not be reached. Check your connection and try again.',
        }),
    });
  }
  const refreshButton = (label: string, variant: 'primary' | 'secondary') => (
    <Button
      variant={variant}
      size="sm"
      busy={refresh.isPending}
      disabled={refresh.isPending}
      onClick={refreshCopy}
    >
      {!refresh.isPending && <RefreshCw aria-hidden />}
      {label}
    </Button>
  );

  return (
    <div className="reader mx-auto flex w-full flex-col gap-6">
      <PageHeader title={title} />
      <BackLink to={postPath}>Back to the post</BackLink>
      <article className="flex flex-col gap-8">
        <header className="flex flex-col gap-3 border-b border-line pb-6">
          <p className="flex items-center gap-2 text-sm font-medium text-fg-muted">
            <Favicon url={url} className="size-4" />
            <span className="min-w-0 truncate">{site}</span>
          </p>
          <h2 lang={copy.lang ?? undefined} className="reader-title">
            {isWebUrl(url) ? (
              <a href={url} target="_blank" rel="noopener noreferrer">
                {title}
              </a>
            ) : (
              title
            )}
          </h2>
          <CopyFacts copy={copy} />
          <div className="flex flex-wrap gap-2 pt-1">
            {isWebUrl(url) && (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses('secondary', 'sm')}
              >
                <ExternalLink aria-hidden />
                Open original
              </a>
            )}
            {hasCopy && (
              <Button size="sm" onClick={() => setSnapshotOpen(true)}>
                <PanelsTopLeft aria-hidden />
                View snapshot
              </Button>
            )}
            {hasCopy &&
              copy.status !== 'queued' &&
              mayRefresh &&
              refreshButton('Refresh copy', 'secondary')}
          </div>
          {hasCopy && <RefreshState copy={copy} />}
        </header>
        <CopyBody
          copy={copy}
          shareToken={shareToken}
          action={
            mayRefresh &&
            (copy.status === 'failed'
              ? refreshButton('Try again', 'primary')
              : copy.status === 'none'
                ? refreshButton('Save a copy', 'primary')
                : null)
          }
        />
      </article>
      <Dialog
        wide
        open={snapshotOpen}
        onOpenChange={setSnapshotOpen}
        title="Snapshot"
        description="The page as Nestmark fetched it, without its scripts: it may look unlike the live page."
      >
        {/*
         * The snapshot is someone else's page: a frame sandboxed without scripts or same-origin
         * rights, served by the API with a sandboxing CSP (PRODUCT.md#reader-view), never a page
         * of ours.
         */}
        <iframe
          title={`Snapshot of ${site}`}
          sandbox=""
          referrerPolicy="no-referrer"
          src={snapshotPath(post.id, shareToken)}
          className="h-full min-h-[60vh] w-full rounded-lg border border-line bg-white"
        />
      </Dialog>
    </div>
  );
}

/** Byline, reading time, the page's own date and the copy's, in one quiet line. */
function CopyFacts({ copy }: { copy: PageCopy }) {
  const published = copy.published_at && validDay(copy.published_at);
  const facts = [
    copy.byline,
    copy.reading_minutes !== null && `${Math.max(1, copy.reading_minutes)} min read`,
    published && `Published ${published}`,
    copy.kind !== null && copy.copied_at && `Saved ${formatDay(copy.copied_at)}`,
  ].filter((fact): fact is string => Boolean(fact));
  if (facts.length === 0) return null;
  return (
    <p className="flex flex-wrap gap-x-2 text-sm text-fg-muted">
      {facts.map((fact, index) => (
        <span key={fact}>
          {index > 0 && (
            <span aria-hidden className="mr-2 text-fg-subtle">
              ·
            </span>
          )}
          {fact}
        </span>
      ))}
    </p>
  );
}

/** Where a refresh of a kept copy stands: being made, or why it failed (the copy stays). */
function RefreshState({ copy }: { copy: PageCopy }) {
  if (copy.status === 'queued') {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-fg-muted">
        <Spinner className="size-4 shrink-0" />
        Refreshing the copy…
      </p>
    );
  }
  if (!copy.failure) return null;
  return (
    <p role="status" className="flex items-start gap-2 text-sm text-fg-muted">
      <FileWarning aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>The last refresh failed: {copy.failure.text} This is the copy saved before.</span>
    </p>
  );
}

/** A date a page declared, as its local day; undefined when it is not a date. */
function validDay(text: string): string | undefined {
  return Number.isNaN(Date.parse(text)) ? undefined : formatDay(text);
}

/** The readable copy, or what stands in for it while there is none. */
function CopyBody({
  copy,
  shareToken,
  action,
}: {
  copy: PageCopy;
  shareToken: string | undefined;
  action: ReactNode;
}) {
  if (copy.kind === null && copy.status === 'queued') {
    return (
      <div
        role="status"
        className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-5 py-6 text-fg-muted"
      >
        <Spinner className="size-5 shrink-0" />
        Saving a copy of this page…
      </div>
    );
  }
  if (copy.kind === null && copy.status === 'failed') {
    return (
      <EmptyState
        icon={FileWarning}
        title="No copy could be saved"
        description={copy.failure?.text ?? 'The page could not be copied.'}
        action={action}
      />
    );
  }
  if (copy.status === 'none' || !copy.html) {
    return (
      <EmptyState
        icon={BookOpen}
        title="No copy yet"
        description={
          copy.status === 'none'
            ? 'Nestmark has not saved a readable copy of this page.'
            : 'This copy has no readable text. The snapshot shows the page as it was fetched.'
        }
        action={action}
      />
    );
  }
  return (
    <div
      lang={copy.lang ?? undefined}
      className="rich-content reader-content"
      // The server sanitizes the readable copy with the post allowlist (PRODUCT.md#rich-content).
      dangerouslySetInnerHTML={{ __html: renderRichContent(copy.html, { shareToken }) }}
    />
  );
}

/** A post that cannot be read here: missing, not shared, or not loaded. */
function ReaderNotFound({ shared, error }: { shared: boolean; error: Error }) {
  if (error instanceof ApiError && error.status === 404) {
    return shared ? (
      <NotFoundContent
        pageTitle="Reader view"
        icon={FileX}
        title="This post is not shared"
        description="It may have been deleted, moved, or the link no longer opens it."
      />
    ) : (
      <NotFoundContent
        pageTitle="Reader view"
        icon={FileX}
        title="This post does not exist"
        description="It may have been deleted or moved to the recycle bin."
      />
    );
  }
  return (
    <NotFoundContent
      pageTitle="Reader view"
      icon={FileX}
      title="This copy could not be loaded"
      description="Check your connection and reload."
    />
  );
}

/** A note is its own text: it has no page to copy. */
function NoteHasNoCopy({ post }: { post: Post }) {
  const postPath = usePostPath(post.id);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title="Reader view" />
      <EmptyState
        icon={StickyNote}
        title="A note has no reader view"
        description="Only links have a copy of their page."
        action={
          <Link to={postPath} className={buttonClasses('secondary')}>
            Open the note
          </Link>
        }
      />
    </div>
  );
}

/** Stand-in for the reader while the post and its copy load. */
function ReaderSkeleton() {
  return (
    <div
      aria-hidden
      data-testid="reader-placeholder"
      className="reader mx-auto flex w-full flex-col gap-4"
    >
      <PageHeader title="Reader view" />
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-9 w-4/5" />
      <Skeleton className="h-4 w-60" />
      <div className="mt-6 flex flex-col gap-3">
        {[0, 1, 2, 3, 4, 5].map((line) => (
          <Skeleton key={line} className={line === 5 ? 'h-4 w-2/3' : 'h-4'} />
        ))}
      </div>
    </div>
  );
}
