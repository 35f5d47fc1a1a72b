import { useParams } from 'react-router';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { ReaderView } from '../features/page-copies/reader-view.tsx';

/**
 * `/p/{id}/read` (PRODUCT.md#routes, #reader-view): the readable copy of a link post, for
 * signed-in users and, with a share `token` in the query, for visitors of the public share.
 */
export function PostReadRoute() {
  const raw = useParams().postId ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  if (id <= 0) return <NotFoundContent />;
  return <ReaderView key={id} postId={id} />;
}
