import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Fragment, lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isStoredFilePath } from '../../../../contract/files.ts';
import { POST_MENU_ABOVE_PERMISSION } from '../../../../contract/permissions.ts';
import type { Post } from '../../../../contract/posts.ts';
import { useIsMobile } from '../../lib/media.ts';
import { meQuery } from '../auth/auth.queries.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { notify } from '../../ui/notify.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { usePostPath, useShareAccess } from '../shares/share-access.ts';
import { Favicon } from './favicon.tsx';
import { FavoriteToggle } from './favorite-toggle.tsx';
import {
  displayUrl,
  isWebUrl,
  linkDomain,
  postName,
  readableTextOn,
  renderRichContent,
  taskIndexOf,
  toggleTask,
} from './post-content.ts';
import { PostMenu } from './post-menu.tsx';
import { PostCheckbox, type PostSelect } from './post-selection.tsx';
import type { PostView } from './post-view.tsx';
import { useUpdatePost, type ListedPost } from './posts.queries.ts';

// List lines and grid tiles load when a list is first shown that way (first-page weight).
const CompactLinkPost = lazy(async () => ({
  default: (await import('./post-card-compact.tsx')).CompactLinkPost,
}));
const CompactTextPost = lazy(async () => ({
  default: (await import('./post-card-compact.tsx')).CompactTextPost,
}));

// The editor (Tiptap) loads only when a note is edited in place: it is most of the app's weight.
const InlineEditor = lazy(async () => ({
  default: (await import('./inline-editor.tsx')).InlineEditor,
}));

/** Marks of a chosen post (PostCard's `select`), on its card, tile or line. */
const chosenClasses =
  'group-data-[selected]/post:border-accent group-data-[selected]/post:ring-1 group-data-[selected]/post:ring-accent';
export const cardClasses = `group relative rounded-2xl border border-line bg-surface shadow-xs transition-shadow hover:shadow-md ${chosenClasses}`;
/** A grid tile: the same height for every post, so a grid row's height is known before drawing. */
export const tileClasses = 'flex h-56 flex-col overflow-hidden sm:h-60';
/** One line of the list view. */
export const rowClasses = `group flex h-12 min-w-0 items-center gap-3 rounded-lg border border-line bg-surface pr-1 pl-3 transition-colors group-data-[selectable]/post:pl-11 hover:bg-surface-muted/60 ${chosenClasses}`;

interface PostCardProps {
  post: ListedPost;
  /**
   * The user's permission on the list's collection (PRODUCT.md#permissions): the menu needs more
   * than 4.
   */
  permission: number;
  /** A write to this post is on its way (PRODUCT.md#post): a spinner, no menu. */
  updating?: boolean;
  /** The drag handle of a sortable list, shown beside the menu. */
  handle?: ReactNode;
  /** Shown at the bottom of the card: a search match, a restore button. */
  footer?: ReactNode;
  /** A card (PRODUCT.md#post-card), one line of a list, or a tile of a grid. */
  view?: PostView;
  /** Its box in a list where posts can be chosen for a bulk edit. */
  select?: PostSelect;
}

/**
 * A post in a list (PRODUCT.md#post-card): a link card, a note card, or a placeholder. With
 * `select`, its box sits in the card's or tile's top left corner, or at the start of a line.
 */
export function PostCard({ select, ...props }: PostCardProps) {
  const { post, view = 'cards' } = props;
  if (!select || post.type === 'placeholder') return <PostCardContent {...props} />;
  return (
    <div
      className="group/post relative"
      data-selectable=""
      data-selected={select.checked || undefined}
    >
      <PostCheckbox
        select={select}
        label={postName(post)}
        className={clsx('absolute z-20', view === 'list' ? 'top-3.5 left-3' : '-top-1.5 -left-1.5')}
      />
      <PostCardContent {...props} />
    </div>
  );
}

function PostCardContent({
  post,
  permission,
  updating = false,
  handle,
  footer,
  view = 'cards',
}: Omit<PostCardProps, 'select'>) {
  if (post.type === 'placeholder') return <PostCardSkeleton view={view} />;
  return (
    <PostCardBody
      post={post}
      permission={permission}
      updating={updating}
      handle={handle}
      footer={footer}
      view={view}
    />
  );
}

function PostCardBody({
  post,
  permission,
  updating = false,
  handle,
  footer,
  view = 'cards',
}: Omit<PostCardProps, 'select'> & { post: Post }) {
  // Stars are the signed-in user's (PRODUCT.md#favourites): none through a share link, and none
  // on a post in the recycle bin.
  const starrable = !useShareAccess() && !post.is_archived;
  const actions = (
    <div
      className={clsx(
        'z-10 flex shrink-0 items-center gap-0.5',
        view === 'list' && 'relative',
        view === 'grid' && 'absolute top-2 right-2',
        // On a phone a card's handle and menu sit at its foot, leaving the title the full width.
        view === 'cards' &&
          'max-md:order-last max-md:-mr-2 max-md:-mb-2 max-md:self-end md:absolute md:top-2 md:right-2',
        // Over the picture: shown on hover or focus on desktop, like the card's own buttons.
        view === 'grid' &&
          'rounded-lg bg-surface/90 backdrop-blur-sm md:opacity-0 md:group-focus-within:opacity-100 md:group-hover:opacity-100',
      )}
    >
      {updating ? (
        <span className="flex size-10 items-center justify-center text-fg-subtle">
          <Spinner label="Saving" className="size-4" />
        </span>
      ) : (
        <>
          {starrable && <FavoriteToggle post={post} />}
          {handle}
          {permission > POST_MENU_ABOVE_PERMISSION && <PostMenu post={post} />}
        </>
      )}
    </div>
  );
  const editable = permission > POST_MENU_ABOVE_PERMISSION;
  return post.type === 'link' ? (
    <LinkPostCard post={post} actions={actions} updating={updating} footer={footer} view={view} />
  ) : (
    <TextPostCard
      post={post}
      actions={actions}
      updating={updating}
      editable={editable}
      footer={footer}
      view={view}
    />
  );
}

/** What both kinds of card get: the post, its actions (handle, menu or spinner), whether it is saving. */
interface CardBodyProps {
  post: Post;
  actions: ReactNode;
  updating: boolean;
  /** The user may change the post (PRODUCT.md#permissions: above permission 4). */
  editable: boolean;
  footer: ReactNode;
  view: PostView;
}

/**
 * A post's tags as chips. Each leads to its tag's page when the tag is the signed-in user's own
 * (tags belong to the post's owner: a member or a visitor of a share has no page for them).
 */
function TagList({ post, inline = false }: { post: Post; inline?: boolean }) {
  const share = useShareAccess();
  // A visitor of a share is not signed in: no call for a user there.
  const me = useQuery({ ...meQuery, enabled: !share });
  if (!post.tags?.length) return null;
  const linked = !share && me.data?.id === post.user_id;
  const chip = 'rounded-full bg-surface-muted px-2 py-0.5 text-xs font-medium text-fg-muted';
  return (
    <ul
      aria-label="Tags"
      className={clsx(
        'flex gap-1.5',
        inline ? 'max-w-[40%] shrink-0 overflow-hidden max-md:hidden' : 'flex-wrap',
      )}
    >
      {post.tags.map((tag) => (
        <li key={tag.id} className="flex">
          {linked ? (
            <Link
              to={`/tags/${tag.id}`}
              className={clsx(chip, 'relative z-10 hover:bg-accent-soft hover:text-accent-text')}
            >
              #{tag.name}
            </Link>
          ) : (
            <span className={chip}>#{tag.name}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function ExternalLink({
  href,
  className,
  children,
}: {
  href: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
    </a>
  );
}

/**
 * A saved link: its thumbnail, or a coloured block with the domain (the page's colour, else
 * peach); title, description, tags, favicon and URL. Thumbnail and favicon are served by
 * Nestmark: a browser showing the card never contacts the linked site or an icon service.
 * While the preview is being fetched, what is known (title, description) shows at once; only
 * the picture and favicon wait, the picture pulsing. The list refreshes pending previews.
 */
function LinkPostCard({ post, actions, updating, footer, view }: Omit<CardBodyProps, 'editable'>) {
  const url = post.url ?? post.content;
  const href = isWebUrl(url) ? url : undefined;
  const domain = linkDomain(post);
  const textColour = post.color ? readableTextOn(post.color) : undefined;
  // Only images served by Nestmark itself; a remote one would leak the visit to its host.
  const image = post.image_path && isStoredFilePath(post.image_path) ? post.image_path : null;
  const pending = post.preview_status === 'pending';
  const title = (
    <ExternalLink href={href} className="rounded break-words hover:text-accent-text">
      {postName(post)}
    </ExternalLink>
  );
  // The server caches the favicon while it fetches the preview: ask for it after.
  const favicon = <Favicon url={pending ? null : href} className="size-4" />;
  const picture = (
    <div
      aria-hidden
      style={textColour ? { backgroundColor: post.color!, color: textColour } : undefined}
      className={clsx(
        'flex shrink-0 items-center justify-center overflow-hidden text-center text-xs font-semibold [overflow-wrap:anywhere]',
        view === 'grid' ? 'h-28 w-full sm:h-32' : 'w-20 sm:w-36 sm:text-sm',
        !image && 'p-2',
        !textColour && 'bg-peach text-on-peach',
        pending && 'animate-pulse',
      )}
    >
      {image ? (
        <img src={image} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <span className="line-clamp-3">
          {/* Long domains wrap after a dot rather than mid-word. */}
          {domain.split('.').map((part, index) => (
            <Fragment key={index}>
              {index > 0 && '.'}
              {index > 0 && <wbr />}
              {part}
            </Fragment>
          ))}
        </span>
      )}
    </div>
  );
  if (view !== 'cards') {
    return (
      <Suspense fallback={<PostCardSkeleton view={view} />}>
        <CompactLinkPost
          post={post}
          view={view}
          title={title}
          favicon={favicon}
          picture={picture}
          domain={domain}
          pending={pending}
          updating={updating}
          actions={actions}
          tags={<TagList post={post} inline />}
        />
      </Suspense>
    );
  }
  return (
    <article
      aria-busy={pending || updating || undefined}
      className={clsx(cardClasses, 'flex overflow-hidden', updating && 'opacity-70')}
    >
      {picture}
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <h2 className="text-base leading-snug font-semibold md:pr-32">{title}</h2>
        {actions}
        {pending && !post.description ? (
          <p className="flex items-center gap-1.5 text-sm text-fg-subtle">
            <Spinner className="size-3.5" />
            Fetching preview…
          </p>
        ) : (
          <p
            className={clsx(
              'line-clamp-2 text-sm',
              post.description ? 'text-fg-muted' : 'text-fg-subtle italic',
            )}
          >
            {post.description || 'No description'}
          </p>
        )}
        <TagList post={post} />
        <div className="mt-auto flex min-w-0 items-center gap-1.5 text-sm text-fg-subtle">
          {favicon}
          <ExternalLink
            href={href}
            className="truncate rounded hover:text-accent-text hover:underline"
          >
            {displayUrl(url)}
          </ExternalLink>
        </div>
        {footer}
      </div>
    </article>
  );
}

/**
 * A note: its title and rich content (sanitized by the server with the PRODUCT.md#rich-content
 * allowlist). On desktop a click on the content edits it in place and a click outside saves it; on
 * mobile it opens the post (PRODUCT.md#post-card, #inline-edit). A click on a task's box ticks it
 * and saves, for those who may change the post; for anyone else the boxes are read only.
 */
function TextPostCard({ post, actions, updating, editable, footer, view }: CardBodyProps) {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const postPath = usePostPath(post.id);
  // A post in the recycle bin has no page of its own until it is restored.
  const opens = !post.is_archived;
  const [editing, setEditing] = useState(false);
  const updatePost = useUpdatePost();
  // Ticked on the card itself, never in a tile's preview or a post of the recycle bin.
  const ticks = editable && opens && view === 'cards';
  const html = renderRichContent(post.content, {
    shareToken: useShareAccess()?.token,
    tasks: ticks ? 'toggle' : 'read-only',
  });

  function tick(task: number) {
    updatePost.mutate(
      { id: post.id, body: { content: toggleTask(post.content, task) } },
      {
        onError: () =>
          notify({ type: 'error', title: 'Error', description: 'Post could not be updated.' }),
      },
    );
  }
  const titleClasses = clsx('rounded break-words', !post.title && 'text-fg-subtle');
  const titleText = postName(post);
  const title = opens ? (
    <Link to={postPath} className={clsx(titleClasses, 'hover:text-accent-text')}>
      {titleText}
    </Link>
  ) : (
    <span className={titleClasses}>{titleText}</span>
  );
  if (view !== 'cards') {
    return (
      <Suspense fallback={<PostCardSkeleton view={view} />}>
        <CompactTextPost
          post={post}
          view={view}
          title={title}
          html={html}
          updating={updating}
          actions={actions}
          tags={<TagList post={post} inline />}
        />
      </Suspense>
    );
  }
  return (
    <article
      aria-busy={updating || undefined}
      className={clsx(cardClasses, 'flex flex-col gap-3 p-4 sm:p-5', updating && 'opacity-70')}
    >
      <h2 className="text-base leading-snug font-semibold md:pr-32">{title}</h2>
      {actions}
      {editing ? (
        <Suspense
          fallback={
            <div
              className="rich-content text-[0.9375rem]"
              dangerouslySetInnerHTML={{ __html: html }}
            />
          }
        >
          <InlineEditor post={post} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <div
          className={clsx(
            'rich-content -m-1 rounded-lg p-1 text-[0.9375rem]',
            editable && !updating && 'md:cursor-text md:hover:bg-surface-muted/60',
          )}
          title={isMobile || !editable ? undefined : 'Click to edit'}
          onClick={(event) => {
            const target = event.target as HTMLElement;
            const task = ticks ? taskIndexOf(event.currentTarget, target) : undefined;
            if (task !== undefined) {
              // The saved post draws the box anew; until then it keeps its state.
              event.preventDefault();
              if (!updating) tick(task);
              return;
            }
            // Links in the note open; anywhere else edits (desktop) or opens the post (mobile).
            if (target.closest('a') || updating) return;
            if (isMobile && opens) void navigate(postPath);
            else if (editable) setEditing(true);
          }}
          // The server sanitizes every post's HTML with an allowlist before storing it.
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
      <TagList post={post} />
      {footer}
    </article>
  );
}

/**
 * A pulsing stand-in for a post that is loading (PRODUCT.md#post-lists: 8 of them before the first
 * page).
 */
export function PostCardSkeleton({ view = 'cards' }: { view?: PostView }) {
  if (view === 'list') {
    return (
      <div aria-hidden data-testid="post-placeholder" className={rowClasses}>
        <Skeleton className="size-4 shrink-0" />
        <Skeleton className="h-3.5 w-1/2" />
      </div>
    );
  }
  if (view === 'grid') {
    return (
      <div
        aria-hidden
        data-testid="post-placeholder"
        className={clsx(cardClasses, tileClasses, 'hover:shadow-xs')}
      >
        <Skeleton className="h-28 w-full rounded-none sm:h-32" />
        <div className="flex flex-col gap-2 p-3">
          <Skeleton className="h-3.5 w-5/6" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
    );
  }
  return (
    <div
      aria-hidden
      data-testid="post-placeholder"
      className={clsx(cardClasses, 'flex overflow-hidden hover:shadow-xs')}
    >
      <Skeleton className="w-20 shrink-0 rounded-none sm:w-36" />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-5/6" />
        <Skeleton className="h-3 w-1/3" />
      </div>
    </div>
  );
}
