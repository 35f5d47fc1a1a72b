import { clsx } from 'clsx';
import type { InputHTMLAttributes, Ref } from 'react';

/** Shared look of text-like controls (inputs, the tree select's trigger). */
export const controlClasses = clsx(
  'w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-fg shadow-xs transition-colors',
  'placeholder:text-fg-subtle hover:border-fg-subtle',
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/40',
  'aria-invalid:border-danger disabled:cursor-not-allowed disabled:opacity-60',
);

/** A single-line text input (text, email, password, …). */
export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  return <input ref={ref} className={clsx(controlClasses, 'h-10', className)} {...props} />;
}
