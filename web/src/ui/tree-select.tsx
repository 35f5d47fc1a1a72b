import { clsx } from 'clsx';
import { Check, ChevronDown } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { controlClasses } from './input.tsx';

/** One choice of a tree select; `depth` 0 is the top level. */
export interface TreeOption<V> {
  value: V;
  label: string;
  depth: number;
}

interface TreeSelectProps<V> {
  options: TreeOption<V>[];
  /** The chosen value; one that is not among the options shows the placeholder. */
  value: V;
  onChange: (value: V) => void;
  /** Id of the visible label (from Field). */
  labelId: string;
  id?: string;
  placeholder?: string;
  describedBy?: string;
  disabled?: boolean;
}

/** Indentation of an option: its depth in rem steps, so the tree reads at a glance. */
export function treeIndent(depth: number): string {
  return `${0.75 + depth * 1.25}rem`;
}

/**
 * Where the highlight goes for a key press in the open list; undefined for keys it does not
 * handle. Letters jump to the next option starting with them (type-ahead).
 */
export function nextActiveIndex(
  key: string,
  active: number,
  labels: readonly string[],
): number | undefined {
  const last = labels.length - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(active + 1, last);
    case 'ArrowUp':
      return Math.max(active - 1, 0);
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return last;
  }
  if (key.length !== 1 || key === ' ') return undefined;
  const letter = key.toLowerCase();
  for (let step = 1; step <= labels.length; step++) {
    const index = (active + step) % labels.length;
    if (labels[index]?.toLowerCase().startsWith(letter)) return index;
  }
  return undefined;
}

/**
 * A single-select list shown as an indented tree (the WAI-ARIA "select-only combobox"): Enter,
 * Space or the arrow keys open it, arrows/Home/End/letters move, Enter or Tab chooses, Escape
 * closes without choosing.
 */
export function TreeSelect<V>({
  options,
  value,
  onChange,
  labelId,
  id,
  placeholder = 'Choose…',
  describedBy,
  disabled = false,
}: TreeSelectProps<V>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const selectedIndex = options.findIndex((option) => option.value === value);
  const [active, setActive] = useState(Math.max(selectedIndex, 0));
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options[selectedIndex];
  const labels = options.map((option) => option.label);

  useEffect(() => {
    if (!open) return;
    listRef.current
      ?.querySelector(`[data-index="${active}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);

  function openList(at = selectedIndex) {
    setActive(Math.max(at, 0));
    setOpen(true);
  }

  function choose(index: number) {
    const option = options[index];
    if (option) onChange(option.value);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (disabled || options.length === 0) return;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        openList(event.key === 'Home' ? 0 : options.length - 1);
      } else {
        const index = nextActiveIndex(event.key, selectedIndex, labels);
        if (index !== undefined) openList(index);
      }
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Tab') {
      choose(active);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    } else {
      const index = nextActiveIndex(event.key, active, labels);
      if (index !== undefined) {
        event.preventDefault();
        setActive(index);
      }
    }
  }

  return (
    <div className="relative">
      <div
        id={id}
        role="combobox"
        tabIndex={disabled ? -1 : 0}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-controls={listId}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-disabled={disabled || undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onClick={() => (open ? setOpen(false) : !disabled && openList())}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        className={clsx(
          controlClasses,
          'flex h-10 cursor-pointer items-center gap-2 pr-2 select-none',
          disabled && 'pointer-events-none opacity-60',
        )}
      >
        <span className={clsx('min-w-0 flex-1 truncate', !selected && 'text-fg-subtle')}>
          {selected ? selected.label : placeholder}
        </span>
        <ChevronDown
          aria-hidden
          className={clsx(
            'size-4 shrink-0 text-fg-subtle transition-transform',
            open && 'rotate-180',
          )}
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-labelledby={labelId}
        hidden={!open}
        className="absolute z-30 mt-1.5 max-h-72 w-full overflow-auto rounded-xl border border-line bg-surface p-1 shadow-lg"
      >
        {options.map((option, index) => (
          <li
            key={String(option.value)}
            id={`${listId}-${index}`}
            data-index={index}
            role="option"
            aria-selected={index === selectedIndex}
            // Keeps focus on the combobox, whose blur would otherwise close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(index)}
            style={{ paddingLeft: treeIndent(option.depth) }}
            className={clsx(
              'flex cursor-pointer items-center gap-2 rounded-lg py-2 pr-2 text-sm',
              index === active ? 'bg-surface-muted text-fg' : 'text-fg-muted',
              index === selectedIndex && 'font-medium text-fg',
            )}
          >
            <span className="min-w-0 flex-1 truncate">{option.label}</span>
            {index === selectedIndex && (
              <Check aria-hidden className="size-4 shrink-0 text-accent-text" />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
