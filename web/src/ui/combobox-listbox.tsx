import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The id of option `index` of the listbox `listId`, for `aria-activedescendant`. */
export function optionId(listId: string, index: number): string {
  return `${listId}-${index}`;
}

/** One choice of a combobox's list. */
export interface ListboxOption {
  key: string;
  content: ReactNode;
}

/**
 * The popup list of an editable combobox (WAI-ARIA combobox with listbox popup): the focus
 * stays in the input, which points at the active option with `aria-activedescendant`; the
 * pointer activates on hover and chooses on click. With `emptyText`, an empty list says it.
 */
export function ComboboxListbox({
  id,
  labelId,
  open,
  options,
  activeIndex,
  onActivate,
  onChoose,
  emptyText,
}: {
  id: string;
  labelId: string;
  open: boolean;
  options: ListboxOption[];
  /** The highlighted option; -1 for none. */
  activeIndex: number;
  onActivate: (index: number) => void;
  onChoose: (index: number) => void;
  emptyText?: string;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-labelledby={labelId}
      hidden={!open || (options.length === 0 && !emptyText)}
      className="absolute z-30 mt-1.5 max-h-64 w-full overflow-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
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
