import { Fragment } from 'react';
import { Dialog } from '../../ui/dialog.tsx';
import { SHORTCUT_GROUPS } from './shortcuts.ts';

/** Ctrl, or ⌘ on an Apple device: the key Ctrl+K is pressed with there. */
function modifierKey(): string {
  return /Mac|iPhone|iPad/.test(navigator.userAgent) ? '⌘' : 'Ctrl';
}

/** The `?` dialog (PRODUCT.md#keyboard-shortcuts): every keyboard shortcut, by where it works. */
export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const mod = modifierKey();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Keyboard shortcuts"
      description="They work anywhere but in a text field or the editor."
    >
      <div className="flex flex-col gap-5">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold text-fg-muted">{group.title}</h3>
            <dl className="flex flex-col gap-1.5">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.does} className="flex items-center justify-between gap-4">
                  <dt className="text-sm text-fg">{shortcut.does}</dt>
                  <dd className="flex shrink-0 items-center gap-1 text-xs text-fg-subtle">
                    {shortcut.keys.map((key, index) => (
                      <Fragment key={index}>
                        {index > 0 && <span>{shortcut.together ? '+' : 'then'}</span>}
                        <kbd className="min-w-6 rounded-md border border-line-strong bg-surface-muted px-1.5 py-0.5 text-center font-sans font-semibold text-fg">
                          {key === 'mod' ? mod : key}
                        </kbd>
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
