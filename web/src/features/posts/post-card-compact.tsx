import { clsx } from 'clsx';
import { formatDay } from '../../lib/dates.ts';
import { NotebookText } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Post } from '../../../../contract/posts.ts';
import { cardClasses, rowClasses, tileClasses } from './post-card.tsx';

/**
 * The list line and the grid tile of a post (the collection views besides cards), loaded when a
 * list is first shown that way. Their parts come from the card, which knows the post.
 */

/** The day a post was saved, as the list view shows it. */
function SavedOn({ post }: { post: Post }) {
  return (
    <time
      dateTime={post.created_at}
      className="shrink-0 text-xs text-fg-subtle tabular-nums max-sm:hidden"
    >
      {formatDay(post.created_at)}
    </time>
  );
}

interface CompactProps {
  post: Post;
  view: 'list' | 'grid';
  /** The title, linked. */
  title: ReactNode;
  updating: boolean;
  /** Drag handle and menu, or the saving spinner. */
  actions: ReactNode;
  /** The post's tags, kept on one line. */
  tags: ReactNode;
}

/** A link as one line (favicon, title, domain, tags, date) or as a tile (picture, title, domain). */
export function CompactLinkPost({
  post,
  view,
  title,
  favicon,
  picture,
  domain,
  pending,
  updating,
  actions,
  tags,
}: CompactProps & { favicon: ReactNode; picture: ReactNode; domain: string; pending: boolean }) {
  if (view === 'list') {
    return (
      <article
        aria-busy={pending || updating || undefined}
        className={clsx(rowClasses, updating && 'opacity-70')}
      >
        <span className={clsx('flex', pending && 'animate-pulse')}>{favicon}</span>
        <h2 className="min-w-0 flex-1 truncate text-sm font-medium">{title}</h2>
        <span className="max-w-[30%] shrink-0 truncate text-xs text-fg-subtle max-sm:hidden">
          {domain}
        </span>
        {tags}
        <SavedOn post={post} />
        {actions}
      </article>
    );
  }
  return (
    <article
      aria-busy={pending || updating || undefined}
      className={clsx(cardClasses, tileClasses, updating && 'opacity-70')}
    >
      {picture}
      {actions}
      <div className="flex min-h-0 flex-1 flex-col gap-1.5 p-3">
        <h2 className="line-clamp-2 text-sm leading-snug font-semibold">{title}</h2>
        {post.description && (
          <p className="line-clamp-1 text-xs text-fg-muted">{post.description}</p>
        )}
        <div className="mt-auto flex min-w-0 items-center gap-1.5 text-xs text-fg-subtle">
          {favicon}
          <span className="truncate">{domain}</span>
        </div>
      </div>
    </article>
  );
}

/** A note as one line (icon, title, tags, date) or as a tile (its first lines, title, date). */
export function CompactTextPost({
  post,
  view,
  title,
  html,
  updating,
  actions,
  tags,
}: CompactProps & { html: string }) {
  if (view === 'list') {
    return (
      <article
        aria-busy={updating || undefined}
        className={clsx(rowClasses, updating && 'opacity-70')}
      >
        <NotebookText aria-hidden className="size-4 shrink-0 text-fg-subtle" />
        <h2 className="min-w-0 flex-1 truncate text-sm font-medium">{title}</h2>
        {tags}
        <SavedOn post={post} />
        {actions}
      </article>
    );
  }
  return (
    <article
      aria-busy={updating || undefined}
      className={clsx(cardClasses, tileClasses, updating && 'opacity-70')}
    >
      {/*
        Where a link has its picture, a note shows its first lines, like a page: a picture only,
        inert so that its links and task boxes are neither focused, clicked nor read out.
      */}
      <div
        inert
        className="rich-content h-28 shrink-0 overflow-hidden border-b border-line bg-surface-muted/60 px-3 pt-3 text-[0.6875rem] leading-snug text-fg-muted sm:h-32"
        // The server sanitizes every post's HTML with an allowlist before storing it.
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {actions}
      <div className="flex min-h-0 flex-1 flex-col gap-1.5 p-3">
        <h2 className="line-clamp-2 text-sm leading-snug font-semibold">{title}</h2>
        <div className="mt-auto flex min-w-0 items-center gap-1.5 text-xs text-fg-subtle">
          <NotebookText aria-hidden className="size-4 shrink-0" />
          <time dateTime={post.created_at} className="truncate">
            {formatDay(post.created_at)}
          </time>
        </div>
      </div>
    </article>
  );
}
