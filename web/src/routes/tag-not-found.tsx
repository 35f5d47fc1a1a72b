import { Hash } from 'lucide-react';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { ApiError } from '../lib/api-client.ts';

/** A tag that does not exist (any more), or could not be loaded. */
export function TagNotFound({ error, pageTitle }: { error: Error; pageTitle: string }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <NotFoundContent
      pageTitle={pageTitle}
      icon={Hash}
      title={missing ? 'This tag does not exist' : 'This tag could not be loaded'}
      description={missing ? 'It may have been deleted.' : 'Check your connection and reload.'}
    />
  );
}
