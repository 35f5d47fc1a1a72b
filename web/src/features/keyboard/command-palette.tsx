import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { LucideIcon } from 'lucide-react';
import { FileText, Folder, Hash, Import, Keyboard, Plus, Search, SunMoon } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../auth/auth.queries.ts';
import { collectionPath } from '../collections/collection-tree.ts';
import { useCollectionTree } from '../collections/collections.queries.ts';
import { postName } from '../posts/post-content.ts';
import { useSearchPosts } from '../search/search.queries.ts';
import { useTags } from '../tags/tags.queries.ts';
import { useUpdateUser } from '../users/users.queries.ts';
import { applyTheme } from '../../lib/theme.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { ComboboxListbox, useCombobox } from '../../ui/combobox.tsx';
import { notify } from '../../ui/notify.tsx';
import {
  collectionPaths,
  paletteItems,
  type PaletteAction,
  type PaletteItem,
} from './palette-items.ts';

/** PRODUCT.md#command-palette: posts are searched after this pause in typing, 5 at most. */
const POST_SEARCH_PAUSE_MS = 200;
const POST_SEARCH_LIMIT = 5;

const KIND_ICON: Record<PaletteItem['kind'], LucideIcon> = {
  collection: Folder,
  tag: Hash,
  action: Plus,
  post: FileText,
  search: Search,
};
const ACTION_ICON: Record<PaletteAction, LucideIcon> = {
  'new-post': Plus,
  import: Import,
  'toggle-theme': SunMoon,
  shortcuts: Keyboard,
};
/** What each kind of item is called beside it, and to a screen reader. */
const KIND_NAME: Record<PaletteItem['kind'], string> = {
  collection: 'Collection',
  tag: 'Tag',
  action: 'Action',
  post: 'Post',
  search: 'Search',
};

/**
 * Switches the signed-in user's theme between light and dark: shown at once, saved on the user
 * (PRODUCT.md#local-preferences), put back if saving fails.
 */
function useToggleTheme(): () => void {
  const me = useMe().data;
  const update = useUpdateUser();
  return () => {
    if (!me) return;
    const next = me.theme === 'dark' ? 'default' : 'dark';
    applyTheme(next);
    update.mutate(
      { id: me.id, body: { theme: next } },
      {
        onError: () => {
          applyTheme(me.theme);
          notify({ type: 'error', title: 'Error', description: 'The theme could not be saved.' });
        },
      },
    );
  };
}

/**
 * The command palette (PRODUCT.md#command-palette), opened with Ctrl+K (⌘K): one field that
 * finds collections (by full path) and tags by name, the actions New post, Import, Toggle theme
 * and Keyboard shortcuts, posts by what the search finds as one types, and a search for the text.
 * Arrow keys move through the choices, Enter takes one, Escape closes it.
 */
export function CommandPalette({
  onClose,
  newPostPath,
  onShowShortcuts,
}: {
  onClose: () => void;
  /** Where New post goes: the new-post screen of the collection being viewed. */
  newPostPath: string;
  onShowShortcuts: () => void;
}) {
  const labelId = useId();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text, POST_SEARCH_PAUSE_MS);
  const tree = useCollectionTree().data;
  const tags = useTags().data ?? [];
  const found = useSearchPosts(settled, null, POST_SEARCH_LIMIT);
  const toggleTheme = useToggleTheme();
  const posts = settled.trim()
    ? (found.data?.pages[0] ?? []).flatMap((post) =>
        post.type === 'placeholder' ? [] : [{ id: post.id, title: postName(post) }],
      )
    : [];
  const items = paletteItems({
    text,
    collections: tree ? collectionPaths([...tree.collections, ...tree.shared]) : [],
    tags,
    posts,
  });

  function run(item: PaletteItem) {
    onClose();
    if (item.kind === 'collection') void navigate(collectionPath(item.id));
    else if (item.kind === 'tag') void navigate(`/tags/${item.id}`);
    else if (item.kind === 'post') void navigate(`/p/${item.id}`);
    else if (item.kind === 'search')
      void navigate(`/search?${new URLSearchParams({ q: item.text })}`);
    else if (item.action === 'new-post') void navigate(newPostPath);
    else if (item.action === 'import') void navigate('/import');
    else if (item.action === 'toggle-theme') toggleTheme();
    else onShowShortcuts();
  }

  const combobox = useCombobox({
    labelId,
    activateFirst: true,
    options: items.map((item) => {
      const Icon = item.kind === 'action' ? ACTION_ICON[item.action] : KIND_ICON[item.kind];
      return {
        key: `${item.kind}-${item.kind === 'action' ? item.action : item.kind === 'search' ? '' : item.id}`,
        content: (
          <>
            <Icon aria-hidden className="size-4 shrink-0 text-fg-subtle" />
            <span className="min-w-0 flex-1 truncate text-fg">{item.label}</span>
            <span className="shrink-0 text-xs text-fg-subtle">
              <span className="sr-only">, </span>
              {KIND_NAME[item.kind]}
            </span>
          </>
        ),
      };
    }),
    onChoose: (index) => run(items[index]!),
    onInputChange: setText,
  });

  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px] data-[state=open]:animate-[fade-in_150ms]" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // The field and its list are named by the title too.
          aria-labelledby={labelId}
          className="fixed top-[12dvh] left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-2xl border border-line bg-surface shadow-2xl outline-none data-[state=open]:animate-[fade-in_150ms]"
        >
          <DialogPrimitive.Title id={labelId} className="sr-only">
            Command palette
          </DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-line px-4">
            <Search aria-hidden className="size-5 shrink-0 text-fg-subtle" />
            <input
              {...combobox.inputProps}
              autoFocus
              value={text}
              placeholder="Go to a collection or tag, run an action, find a post…"
              className="h-14 min-w-0 flex-1 bg-transparent text-base text-fg outline-none placeholder:text-fg-subtle"
            />
          </div>
          <ComboboxListbox {...combobox.listboxProps} inline />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
