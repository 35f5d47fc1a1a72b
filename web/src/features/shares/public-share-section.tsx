import { Copy, RefreshCw } from 'lucide-react';
import { canWriteClipboard, copyToClipboard } from '../../lib/clipboard.ts';
import { useId } from 'react';
import { SHARE_TOKEN_LENGTH } from '../../../../contract/shares.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { controlClasses } from '../../ui/input.tsx';
import { generateShareToken } from './public-share-rules.ts';
import type { PublicShareDraft } from './shares.queries.ts';

/** The address of the public view for a token (PRODUCT.md#public-view). */
function publicShareUrl(token: string): string {
  return `${location.origin}/s?token=${encodeURIComponent(token)}`;
}

/**
 * The Collection Url section of the collection form (PRODUCT.md#collection-form): an on/off
 * switch, the read-only address prefix with the editable token, copy (where the clipboard can be
 * written) and generate. Saved with the form (PRODUCT.md#public-share-on-save).
 */
export function PublicShareSection({
  draft,
  onChange,
  error,
}: {
  draft: PublicShareDraft;
  onChange: (draft: PublicShareDraft) => void;
  error?: string;
}) {
  const id = useId();
  const canCopy = canWriteClipboard();
  const prefix = `${location.origin}/s?token=`;
  const copy = () =>
    copyToClipboard(publicShareUrl(draft.token), {
      copied: 'The share link is on your clipboard.',
      failed: 'The link could not be copied.',
    });

  return (
    <Card aria-labelledby={`${id}-heading`} className="p-5 sm:p-6">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={`${id}-heading`} className="text-base font-semibold">
            Collection Url
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Anyone with the link can read this collection’s posts, without signing in.
          </p>
        </div>
        <label className="flex shrink-0 cursor-pointer items-center gap-2 text-sm font-medium">
          <span>{draft.active ? 'Active' : 'Inactive'}</span>
          <span className="relative inline-flex h-6 w-11 shrink-0">
            <input
              type="checkbox"
              role="switch"
              aria-label="Share by link"
              checked={draft.active}
              onChange={(event) =>
                onChange({
                  ...draft,
                  active: event.target.checked,
                  token: event.target.checked && !draft.token ? generateShareToken() : draft.token,
                })
              }
              className="peer absolute inset-0 z-10 m-0 cursor-pointer opacity-0"
            />
            <span
              aria-hidden
              className="pointer-events-none h-6 w-11 rounded-full bg-line-strong transition-colors peer-checked:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
            />
          </span>
        </label>
      </div>
      {draft.active && (
        <div className="mt-5 flex flex-col gap-3">
          <label htmlFor={`${id}-token`} className="text-sm font-medium">
            Token
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <div className="flex min-w-0 flex-1 items-stretch overflow-hidden rounded-lg border border-line-strong bg-surface focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring">
              <span className="hidden max-w-[45%] shrink-0 items-center truncate border-r border-line bg-surface-muted px-3 text-sm text-fg-subtle sm:flex">
                {prefix}
              </span>
              <input
                id={`${id}-token`}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                aria-invalid={error ? true : undefined}
                value={draft.token}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => onChange({ ...draft, token: event.target.value })}
                className={`${controlClasses} min-w-0 flex-1 rounded-none border-0 font-mono text-sm focus-visible:outline-none`}
              />
            </div>
            <div className="flex gap-2">
              {canCopy && (
                <Button type="button" onClick={() => void copy()} disabled={!draft.token}>
                  <Copy aria-hidden />
                  Copy
                </Button>
              )}
              <Button
                type="button"
                onClick={() => onChange({ ...draft, token: generateShareToken() })}
              >
                <RefreshCw aria-hidden />
                Generate
              </Button>
            </div>
          </div>
          <p id={`${id}-hint`} className="text-sm text-fg-muted">
            At least {SHARE_TOKEN_LENGTH} letters and digits. A new token ends the old link.
          </p>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger-text">
              {error}
            </p>
          )}
          <label className="flex w-fit cursor-pointer items-center gap-2.5 text-sm">
            <input
              type="checkbox"
              checked={draft.includeDescendants}
              onChange={(event) => onChange({ ...draft, includeDescendants: event.target.checked })}
              className="size-4 accent-accent"
            />
            Also open its sub-collections
          </label>
        </div>
      )}
    </Card>
  );
}
