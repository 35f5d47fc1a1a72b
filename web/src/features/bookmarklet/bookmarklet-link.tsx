import { BookmarkPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../../ui/button.tsx';
import { bookmarkletUrl } from './bookmarklet.ts';

/**
 * The draggable "Save to Nestmark" button (PRODUCT.md#bookmarklet). React refuses `javascript:`
 * URLs in `href`, so the address is set on the element itself. It is meant to be dragged to the
 * bookmarks bar: a click here only says so.
 */
export function BookmarkletLink() {
  const link = useRef<HTMLAnchorElement>(null);
  const [clicked, setClicked] = useState(false);
  useEffect(() => {
    link.current?.setAttribute('href', bookmarkletUrl(location.origin));
  }, []);
  return (
    <div className="flex flex-col items-start gap-2">
      <a
        ref={link}
        title="Drag me to your bookmarks bar"
        onClick={(event) => {
          event.preventDefault();
          setClicked(true);
        }}
        className={buttonClasses('primary', 'md', 'cursor-grab active:cursor-grabbing')}
      >
        <BookmarkPlus aria-hidden />
        Save to Nestmark
      </a>
      <p role="status" className="text-sm text-fg-muted">
        {clicked && 'Drag the button to your bookmarks bar; it works from there, on other pages.'}
      </p>
    </div>
  );
}
