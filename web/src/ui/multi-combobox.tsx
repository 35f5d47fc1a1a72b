import { Plus, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { ComboboxListbox, optionId } from './combobox-listbox.tsx';

interface MultiComboboxProps {
  /** The chosen values, in the order they were chosen. */
  values: string[];
  onChange: (values: string[]) => void;
  /** Known values to suggest. */
  options: string[];
  placeholder: string;
  /** Shown when nothing is left to suggest. */
  emptyText: string;
  /** Label of the choice that adds typed text as a new value. */
  createLabel: (text: string) => string;
  /** Id of the visible label (from Field). */
  labelId: string;
  id?: string;
  /** Longest value accepted. */
  maxLength?: number;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What the list offers for `text`: known values not chosen yet that contain it (ignoring case),
 * then the typed text itself as a new value when it is neither known nor chosen.
 */
export function suggestionsFor(
  text: string,
  options: readonly string[],
  values: readonly string[],
): { value: string; isNew: boolean }[] {
  const typed = text.trim();
  const open = options.filter((option) => !values.some((value) => same(value, option)));
  const matches = open
    .filter((option) => option.toLowerCase().includes(typed.toLowerCase()))
    .map((value) => ({ value, isNew: false }));
  const known = [...options, ...values].some((value) => same(value, typed));
  return typed && !known ? [...matches, { value: typed, isNew: true }] : matches;
}

/**
 * A multi-select with free-text entries (the post editor's tag picker, PRODUCT.md#post-editor):
 * chosen values as removable chips, an input that filters the known values and can add a new one.
 * Arrows move, Enter or a comma chooses, Backspace in the empty input removes the last chip, Escape
 * closes.
 */
export function MultiCombobox({
  values,
  onChange,
  options,
  placeholder,
  emptyText,
  createLabel,
  labelId,
  id,
  maxLength,
}: MultiComboboxProps) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const suggestions = suggestionsFor(text, options, values);
  const activeIndex = Math.min(active, Math.max(suggestions.length - 1, 0));

  function add(value: string) {
    const trimmed = value.trim();
    if (trimmed && !values.some((existing) => same(existing, trimmed))) {
      onChange([...values, trimmed]);
    }
    setText('');
    setActive(0);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.min(Math.max(activeIndex + step, 0), Math.max(suggestions.length - 1, 0)));
    } else if (event.key === 'Enter' || (event.key === ',' && text.trim())) {
      const choice = open ? suggestions[activeIndex] : undefined;
      if (choice || text.trim()) {
        event.preventDefault();
        add(choice?.value ?? text);
      }
    } else if (event.key === 'Backspace' && text === '' && values.length > 0) {
      onChange(values.slice(0, -1));
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

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
          role="combobox"
          aria-labelledby={labelId}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            open && suggestions.length ? optionId(listId, activeIndex) : undefined
          }
          autoComplete="off"
          value={text}
          maxLength={maxLength}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value.replace(/,/g, ''));
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className="h-7 min-w-32 flex-1 bg-transparent px-1 text-sm text-fg outline-none placeholder:text-fg-subtle"
        />
      </div>
      <ComboboxListbox
        id={listId}
        labelId={labelId}
        open={open}
        emptyText={emptyText}
        activeIndex={activeIndex}
        onActivate={setActive}
        onChoose={(index) => add(suggestions[index]!.value)}
        options={suggestions.map((suggestion) => ({
          key: `${suggestion.isNew}-${suggestion.value}`,
          content: suggestion.isNew ? (
            <>
              <Plus aria-hidden className="size-4 text-accent-text" />
              {createLabel(suggestion.value)}
            </>
          ) : (
            <>#{suggestion.value}</>
          ),
        }))}
      />
    </div>
  );
}
