import type { ReactNode } from 'react';
import { createContext, lazy, Suspense, use, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHotkey, useKeySequences } from '../../lib/hotkeys.ts';

// Loaded when first opened (first-page weight).
const CommandPalette = lazy(async () => ({
  default: (await import('./command-palette.tsx')).CommandPalette,
}));
const ShortcutsDialog = lazy(async () => ({
  default: (await import('./shortcuts-dialog.tsx')).ShortcutsDialog,
}));

/** Opens the list of keyboard shortcuts (the `?` dialog); a no-op outside the signed-in shell. */
const ShowShortcutsContext = createContext<() => void>(() => {});

/** What opens the list of keyboard shortcuts, for a button that offers it. */
export function useShowShortcuts(): () => void {
  return use(ShowShortcutsContext);
}

/**
 * The keyboard shortcuts of every signed-in page (PRODUCT.md#keyboard-shortcuts): `/` focuses
 * the search field (opening the search page where there is none), `g` then `h`, `s` or `t` goes
 * home, to search or to tags, `?` lists every shortcut, and Ctrl+K (⌘K on a Mac) opens or
 * closes the command palette (PRODUCT.md#command-palette), also from a text field.
 */
export function KeyboardShortcuts({
  newPostPath,
  children,
}: {
  /** Where the palette's New post goes. */
  newPostPath: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<'palette' | 'shortcuts' | null>(null);
  const showShortcuts = () => setOpen('shortcuts');

  useKeySequences({
    '/': () => {
      const field = document.querySelector<HTMLInputElement>('[role="search"] input');
      if (field) field.focus();
      else void navigate('/search');
    },
    'g h': () => void navigate('/'),
    'g s': () => void navigate('/search'),
    'g t': () => void navigate('/tags'),
    '?': showShortcuts,
  });
  useHotkey('ctrl+k', () => setOpen((current) => (current === 'palette' ? null : 'palette')));
  useHotkey('meta+k', () => setOpen((current) => (current === 'palette' ? null : 'palette')));

  return (
    <ShowShortcutsContext value={showShortcuts}>
      {children}
      <Suspense>
        {open === 'palette' && (
          <CommandPalette
            onClose={() => setOpen(null)}
            newPostPath={newPostPath}
            onShowShortcuts={showShortcuts}
          />
        )}
        {open === 'shortcuts' && <ShortcutsDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </ShowShortcutsContext>
  );
}
