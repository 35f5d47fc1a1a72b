import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title.ts';
import { buttonClasses } from '../ui/button.tsx';
import { Logo } from './logo.tsx';

/** PRODUCT.md#messages: the heading of a share link that opens nothing. */
export const LINK_NOT_SHARED = 'This link is no longer shared';

/** PRODUCT.md#messages: what a visitor can do about it. */
export const LINK_NOT_SHARED_HINT = 'Ask whoever sent it to you for a new link.';

/**
 * A share link that opens nothing (PRODUCT.md#public-view): an unknown, switched-off or malformed
 * token. The product and the message, never a sign-in form (a visitor has no account); a
 * `signedIn` user also gets the way to their own library.
 */
export function LinkNotShared({ signedIn }: { signedIn: boolean }) {
  useDocumentTitle(LINK_NOT_SHARED);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-10 text-center">
      <div className="mb-8 flex items-center gap-2.5">
        <Logo className="size-9" />
        <span className="text-lg font-semibold tracking-tight">Nestmark</span>
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{LINK_NOT_SHARED}</h1>
      <p className="mt-2 max-w-sm text-sm text-fg-muted">{LINK_NOT_SHARED_HINT}</p>
      {signedIn && (
        <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
          Go to your library
        </Link>
      )}
    </main>
  );
}
