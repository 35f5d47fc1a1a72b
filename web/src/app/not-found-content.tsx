import { MapPinOff, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from './page-header.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

/**
 * "Not found" inside the layout shell: a malformed id in a known route, or a post or collection
 * that does not exist (any more), with a way back to Uncategorized.
 */
export function NotFoundContent({
  pageTitle = 'Page not found',
  icon = MapPinOff,
  title = 'Page not found',
  description = 'There is nothing at this address.',
  width = 'max-w-3xl',
}: {
  pageTitle?: string;
  icon?: LucideIcon;
  title?: string;
  description?: string;
  width?: 'max-w-2xl' | 'max-w-3xl';
}) {
  return (
    <div className={`mx-auto w-full ${width}`}>
      <PageHeader title={pageTitle} />
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          <Link to="/" className={buttonClasses('secondary')}>
            Go to Uncategorized
          </Link>
        }
      />
    </div>
  );
}
