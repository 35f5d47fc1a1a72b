import { Link } from 'react-router';
import { Logo } from '../app/logo.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';
import { buttonClasses } from '../ui/button.tsx';

/** Any path the app does not know. */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      <Logo className="mb-2 size-12" />
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="max-w-sm text-sm text-fg-muted">
        There is nothing at this address. It may have moved, or the link is mistyped.
      </p>
      <Link to="/" className={buttonClasses('primary')}>
        Go to Uncategorized
      </Link>
    </main>
  );
}
