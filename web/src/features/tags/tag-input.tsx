import { Plus, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useRef, useState } from 'react';
import { TAG_NAME_MAX } from '../../../../contract/tags.ts';
import { ComboboxListbox, useCombobox } from '../../ui/combobox.tsx';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What the list offers for `text`: known tags not chosen yet that contain it (ignoring case),
 * then the typed text itself as a new tag when it is neither known nor chosen.
 */
export function tagSuggestions(
  text: string,
  known: readonly string[],
  chosen: readonly string[],
): { name: string; isNew: boolean }[] {
  const typed = text.trim();
  const open = known.filter((name) => !chosen.some((value) => same(value, name)));
  const matches = open
    .filter((name) => name.toLowerCase().includes(typed.toLowerCase()))
    .map((name) => ({ name, isNew: false }));
  const exists = [...known, ...chosen].some((name) => same(name, typed));
  return typed && !exists ? [...matches, { name: typed, isNew: true }] : matches;
}

/** A comma ends a tag name as Enter does (names cannot hold one). */
const endsName = (event: KeyboardEvent<HTMLInputElement>) =>
  event.key === 'Enter' || (event.key === ',' && event.currentTarget.value.trim() !== '');

export interface TagInputProps {
  /** The chosen names, in the order they were chosen. */
  values: string[];
  onChange: (values: string[]) => void;
  /** Id of the input, for the Field's label. */
  id: string;
  /** Id of the visible label (from Field). */
  labelId: string;
}

/**
 * Tags to choose (PRODUCT.md#post-editor): the chosen names as removable chips, and an input that
 * filters `known` (the user's tag names), with the typed name as a new tag (created when the post
 * is saved). The first suggestion is highlighted, arrows move, Enter or a comma chooses (the typed
 * text when the list is closed), Backspace in the empty input removes the last chip, Escape
 * closes the list. The web app's TagPicker and the browser extension's popup both use it.
 */
export function TagInput({
  known,
  values,
  onChange,
  id,
  labelId,
}: TagInputProps & { known: readonly string[] }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const suggestions = tagSuggestions(text, known, values);

  function add(name: string) {
    const trimmed = name.trim();
    if (trimmed && !values.some((existing) => same(existing, trimmed))) {
      onChange([...values, trimmed]);
    }
    setText('');
  }

  const combobox = useCombobox({
    labelId,
    options: suggestions.map((suggestion) => ({
      key: `${suggestion.isNew}-${suggestion.name}`,
      content: suggestion.isNew ? (
        <>
          <Plus aria-hidden className="size-4 text-accent-text" />
          {`Create tag "${suggestion.name}"`}
        </>
      ) : (
        <>#{suggestion.name}</>
      ),
    })),
    activateFirst: true,
    emptyText: 'No additional tags found',
    isChooseKey: endsName,
    onChoose: (index) => add(suggestions[index]!.name),
    onInputChange: (typed) => setText(typed.replace(/,/g, '')),
    onKeyDown: (event) => {
      if (endsName(event) && text.trim()) {
        event.preventDefault();
        add(text);
      } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
        onChange(values.slice(0, -1));
      }
    },
  });

  return (
    <div className="relative">
      <div
        onClick={() => inputRef.current?.focus()}
        className="flex min-h-10 w-full cursor-text flex-wrap items-center gap-1.5 rounded-lg border border-line-strong bg-surface px-2 py-1.5 shadow-xs transition-colors hover:border-fg-subtle has-[:focus-visible]:border-ring has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring/40"
      >
        {values.map((value) => (
          <span
            key={value}
            className="inline-flex items-center gap-1 rounded-full bg-surface-muted py-0.5 pr-1 pl-2.5 text-sm font-medium text-fg"
          >
            #{value}
            <button
              type="button"
              aria-label={`Remove ${value}`}
              onClick={() => onChange(values.filter((other) => other !== value))}
              className="flex size-5 items-center justify-center rounded-full text-fg-subtle hover:bg-line hover:text-fg"
            >
              <X aria-hidden className="size-3" />
            </button>
          </span>
        ))}
        <input
          ref={inputRef}
          id={id}
          {...combobox.inputProps}
          value={text}
          maxLength={TAG_NAME_MAX}
          placeholder="Add tag"
          className="h-7 min-w-32 flex-1 bg-transparent px-1 text-sm text-fg outline-none placeholder:text-fg-subtle"
        />
      </div>
      <ComboboxListbox {...combobox.listboxProps} />
    </div>
  );
}
