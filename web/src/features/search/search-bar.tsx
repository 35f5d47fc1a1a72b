import { Folder, Search, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { ComboboxListbox, useCombobox } from '../../ui/combobox.tsx';
import { collectionSuggestions } from './search-text.ts';

/** A collection the search can be scoped to. */
export interface SearchScope {
  id: number;
  name: string;
}

interface SearchBarProps {
  text: string;
  onTextChange: (text: string) => void;
  /** Enter without a suggestion chosen: search now rather than after the typing pause. */
  onSubmit: () => void;
  scope: SearchScope | null;
  onScopeChange: (scope: SearchScope | null) => void;
  /** Every collection the user can search in, in tree order. */
  collections: readonly SearchScope[];
}

/**
 * The search bar (PRODUCT.md#search): 'Type to search', suggesting collections as a scope (the
 * first 4 on an empty input, else those whose name contains the text). Arrow keys move through
 * the suggestions and Enter picks one, which becomes a chip; Backspace on the empty input
 * removes it; Enter otherwise searches at once; Escape closes the suggestions (a second one
 * clears the text, as the browser does in a search field).
 */
export function SearchBar({
  text,
  onTextChange,
  onSubmit,
  scope,
  onScopeChange,
  collections,
}: SearchBarProps) {
  const labelId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // One scope at a time: with a chip, nothing more is suggested.
  const suggestions = scope ? [] : collectionSuggestions(collections, text);
  const combobox = useCombobox({
    labelId,
    options: suggestions.map((collection) => ({
      key: String(collection.id),
      content: (
        <>
          <Folder aria-hidden className="size-4 shrink-0 text-fg-subtle" />
          <span className="truncate">
            Search in <span className="font-medium text-fg">{collection.name}</span>
          </span>
        </>
      ),
    })),
    onChoose: (index) => {
      const chosen = suggestions[index]!;
      onScopeChange({ id: chosen.id, name: chosen.name });
      // The text only served to find the collection.
      onTextChange('');
    },
    onInputChange: onTextChange,
    onKeyDown: (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        onSubmit();
      } else if (event.key === 'Backspace' && text === '' && scope) {
        onScopeChange(null);
      }
    },
  });

  return (
    <div role="search" className="relative">
      <span id={labelId} className="sr-only">
        Search posts
      </span>
      <div
        onClick={() => inputRef.current?.focus()}
        className="flex min-h-12 w-full cursor-text flex-wrap items-center gap-2 rounded-xl border border-line-strong bg-surface px-3 py-1.5 shadow-xs transition-colors hover:border-fg-subtle has-[:focus-visible]:border-ring has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring/40"
      >
        <Search aria-hidden className="size-5 shrink-0 text-fg-subtle" />
        {scope && (
          <span className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-2.5 text-sm font-medium text-accent-text">
            <Folder aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{scope.name}</span>
            <button
              type="button"
              aria-label={`Search everywhere, not only in ${scope.name}`}
              onClick={() => {
                onScopeChange(null);
                inputRef.current?.focus();
              }}
              className="flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-accent/15"
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </span>
        )}
        <input
          ref={inputRef}
          type="search"
          {...combobox.inputProps}
          autoFocus
          enterKeyHint="search"
          value={text}
          placeholder="Type to search"
          className="h-8 min-w-40 flex-1 bg-transparent text-base text-fg outline-none placeholder:text-fg-subtle [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
      <ComboboxListbox {...combobox.listboxProps} />
    </div>
  );
}
