import { clsx } from 'clsx';
import { Star } from 'lucide-react';
import type { Post } from '../../../../contract/posts.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { notify } from '../../ui/notify.tsx';
import { useSetFavorite } from './favorites.queries.ts';

/**
 * The star of a post (PRODUCT.md#favourites): pressed when the user starred it. A click shows the
 * change at once and saves it; when saving fails the star goes back and an error says so.
 */
export function FavoriteToggle({ post, className }: { post: Post; className?: string }) {
  const setFavorite = useSetFavorite();
  const starred = post.is_favorite;
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={starred ? 'Remove from favourites' : 'Add to favourites'}
      title={starred ? 'Remove from favourites' : 'Add to favourites'}
      onClick={() =>
        setFavorite.mutate(
          { id: post.id, favorite: !starred },
          {
            onError: () =>
              notify({
                type: 'error',
                title: 'Error',
                description: starred
                  ? 'The post could not be removed from your favourites.'
                  : 'The post could not be added to your favourites.',
              }),
          },
        )
      }
      className={clsx(buttonClasses('ghost', 'icon'), className)}
    >
      <Star
        aria-hidden
        className={clsx('size-4', starred && 'fill-accent text-accent-text')}
        strokeWidth={starred ? 1.5 : 2}
      />
    </button>
  );
}
