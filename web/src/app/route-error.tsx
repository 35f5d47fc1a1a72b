import { TriangleAlert } from 'lucide-react';
import { useRouteError } from 'react-router';
import { logError } from '../lib/log.ts';
import { Button } from '../ui/button.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';

/** Shown instead of a page that crashed while rendering: an apology and a way back. */
export function RouteError() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  logError('a page failed to render', error);
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-danger-soft text-danger-text">
        <TriangleAlert aria-hidden className="size-6" />
      </div>
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="max-w-sm text-sm text-fg-muted">
        This page ran into a problem. Reloading usually helps; your saved posts are safe.
      </p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </div>
  );
}
