import { useEditorState, type Editor } from '@tiptap/react';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { UNCATEGORIZED_NAME } from '../collections/collection-tree.ts';
import { useSavedPosts } from './posts.queries.ts';

/** How long the content must rest before the duplicate check runs (ms). */
const CHECK_DELAY_MS = 400;

/** The URL a post of this text would be a link post of (the whole text one web address), or ''. */
function linkOf(text: string): string {
  const trimmed = text.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : '';
}

/**
 * The post editor's duplicate warning (PRODUCT.md#duplicate-check): when the content of a new
 * post is one link that is already saved (compared normalised, by the server), "Already saved in
 * {collection}" with a link to the saved post. Checked once the typing rests.
 */
export function DuplicateLinkWarning({ editor }: { editor: Editor }) {
  const url = useEditorState({
    editor,
    selector: ({ editor: current }) => linkOf(current.getText()),
  });
  const [settled] = useDebouncedValue(url, CHECK_DELAY_MS);
  const saved = useSavedPosts(url === settled ? settled : '');
  const first = url !== '' && url === settled ? saved.data?.[0] : undefined;
  if (!first) return null;
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-accent/40 bg-accent-soft px-3.5 py-2.5 text-sm"
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0 text-accent-text" />
      <span>Already saved in {first.collection_name ?? UNCATEGORIZED_NAME}.</span>
      <Link to={`/p/${first.id}`} className="font-medium text-accent-text underline">
        Open the saved post
      </Link>
    </p>
  );
}
