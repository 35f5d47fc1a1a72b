import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** One choice of a radio group, drawn as a bordered card with a title and a description. */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  title,
  description,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  title: string;
  description?: ReactNode;
  /** Shown under the description while the choice is checked (a control that goes with it). */
  children?: ReactNode;
}) {
  return (
    <div
      className={clsx(
        'rounded-xl border transition-colors',
        checked ? 'border-accent bg-accent-soft/60' : 'border-line-strong hover:border-fg-subtle',
      )}
    >
      <label className="flex cursor-pointer items-start gap-3 p-3.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring">
        <input
          type="radio"
          name={name}
          value={value}
          checked={checked}
          onChange={() => onChange(value)}
          className="mt-0.5 size-4 shrink-0 accent-(--color-accent)"
        />
        <span className="flex flex-col gap-0.5">
          <span className="text-sm font-medium text-fg">{title}</span>
          {description && <span className="text-sm text-fg-muted">{description}</span>}
        </span>
      </label>
      {checked && children && <div className="px-3.5 pb-3.5 pl-10">{children}</div>}
    </div>
  );
}
