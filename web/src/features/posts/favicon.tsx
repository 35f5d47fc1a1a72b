import { clsx } from 'clsx';
import { Globe } from 'lucide-react';
import { useState } from 'react';
import { useShareAccess } from '../shares/share-access.ts';
import { faviconPathOf } from './post-content.ts';

/**
 * The favicon of a link's site, served by Nestmark (PRODUCT.md#post-card; never a third-party icon
 * service, so no one learns which sites a user keeps); a globe while there is none.
 */
export function Favicon({
  url,
  className,
}: {
  url: string | null | undefined;
  className?: string;
}) {
  const src = faviconPathOf(url, useShareAccess()?.token);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  if (!src || failed === src) {
    return <Globe aria-hidden className={clsx('shrink-0 text-fg-subtle', className)} />;
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      onError={() => setFailed(src)}
      className={clsx('shrink-0 rounded-sm object-contain', className)}
    />
  );
}
