import { clsx } from 'clsx';
import type { ChangeEvent, KeyboardEvent, ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';

/** One choice of a combobox's list: `key` tells it apart, `content` is what it shows and says. */
export interface ComboboxOption {
  key: string;
  content: ReactNode;
}

interface UseComboboxOptions {
  /** Id of the element naming both the input and its list. */
  labelId: string;
  /** What the list offers now, in order. */
  options: readonly ComboboxOption[];
  /** The option at `index` of `options` was chosen (a choosing key or a click). */
  onChoose: (index: number) => void;
  /** The user changed the input's text; the list opens again. */
  onInputChange: (text: string) => void;
  /**
   * Keys the combobox leaves alone: arrows, a choosing key while an option is highlighted and
   * Escape on an open list are its own.
   */
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /**
   * Whether the first option is highlighted as soon as the list opens or the text changes, so
   * Enter takes it; otherwise nothing is until an arrow key moves there.
   */
  activateFirst?: boolean;
  /** Shown in the open list when it offers nothing; without it an empty list stays closed. */
  emptyText?: string;
  /** Whether a key press chooses the highlighted option; Enter by default. */
  isChooseKey?: (event: KeyboardEvent<HTMLInputElement>) => boolean;
}

const isEnter = (event: KeyboardEvent<HTMLInputElement>) => event.key === 'Enter';

/** The id of option `index` of the list `listId`, for `aria-activedescendant`. */
function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/**
 * An editable combobox with a listbox popup (the WAI-ARIA pattern, list autocomplete): the focus
 * stays in the input, which points at the highlighted option with `aria-activedescendant`. The
 * list opens on focus, a click, typing or an arrow key and closes on a choice, blur or Escape. Arrow keys move the
 * highlight (an arrow on a closed list opens it at the first option) and keep it in view; Enter
 * chooses it; the pointer highlights on hover and chooses on click. Any other key, and Enter
 * with nothing highlighted, goes to `onKeyDown`, so the caller adds its own (submit, chips).
 *
 * Spread `inputProps` on the `<input>` (with its `value`) and `listboxProps` on a
 * {@link ComboboxListbox}.
 */
export function useCombobox({
  labelId,
  options,
  onChoose,
  onInputChange,
  onKeyDown,
  activateFirst = false,
  emptyText,
  isChooseKey = isEnter,
}: UseComboboxOptions) {
  const listId = useId();
  const initial = activateFirst ? 0 : -1;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(initial);
  // Set by the arrow keys only: scrolling on hover would move the list under the pointer.
  const scrollToActive = useRef(false);
  const count = options.length;
  const expanded = open && (count > 0 || emptyText !== undefined);
  const activeIndex = expanded ? Math.min(active, count - 1) : -1;

  useEffect(() => {
    if (!scrollToActive.current) return;
    scrollToActive.current = false;
    if (activeIndex < 0) return;
    document.getElementById(optionId(listId, activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  function close() {
    setOpen(false);
    setActive(initial);
  }

  // A choice closes the list, so that it does not cover what follows; typing opens it again.
  function choose(index: number) {
    onChoose(index);
    close();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive(expanded ? Math.min(Math.max(activeIndex + step, 0), count - 1) : 0);
      scrollToActive.current = true;
    } else if (activeIndex >= 0 && isChooseKey(event)) {
      event.preventDefault();
      choose(activeIndex);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    } else {
      onKeyDown?.(event);
    }
  }

  return {
    inputProps: {
      role: 'combobox',
      'aria-labelledby': labelId,
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-autocomplete': 'list',
      'aria-activedescendant': activeIndex >= 0 ? optionId(listId, activeIndex) : undefined,
      autoComplete: 'off',
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        onInputChange(event.target.value);
        setActive(initial);
        setOpen(true);
      },
      onFocus: () => setOpen(true),
      onClick: () => setOpen(true),
      onBlur: close,
      onKeyDown: handleKeyDown,
    } as const,
    listboxProps: {
      id: listId,
      labelId,
      expanded,
      options,
      activeIndex,
      emptyText,
      onActivate: setActive,
      onChoose: choose,
    },
  };
}

/**
 * The list of a {@link useCombobox}: pass its `listboxProps`. It drops down over what follows,
 * or with `inline` takes its place in the flow (the command palette).
 */
export function ComboboxListbox({
  id,
  labelId,
  expanded,
  options,
  activeIndex,
  emptyText,
  onActivate,
  onChoose,
  inline = false,
}: ReturnType<typeof useCombobox>['listboxProps'] & { inline?: boolean }) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-labelledby={labelId}
      hidden={!expanded}
      className={clsx(
        'w-full overflow-auto bg-surface p-1',
        inline
          ? 'max-h-[min(24rem,60dvh)]'
          : 'absolute z-30 mt-1.5 max-h-64 rounded-xl border border-line shadow-lg',
      )}
    >
      {options.length === 0 && (
        <li role="presentation" className="px-3 py-2 text-sm text-fg-subtle">
          {emptyText}
        </li>
      )}
      {options.map((option, index) => (
        <li
          key={option.key}
          id={optionId(id, index)}
          role="option"
          aria-selected={index === activeIndex}
          // Keeps the focus in the input, whose blur would close the list first.
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => onActivate(index)}
          onClick={() => onChoose(index)}
          className={clsx(
            'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm',
            index === activeIndex ? 'bg-surface-muted text-fg' : 'text-fg-muted',
          )}
        >
          {option.content}
        </li>
      ))}
    </ul>
  );
}
