import type { InputHTMLAttributes } from 'react';
import { Field } from './field.tsx';
import { Input } from './input.tsx';

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>;

/** A labelled text input (text, email, password…) bound to one string, with hint and error. */
export function TextField({ label, value, onChange, error, hint, ...input }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          id={control.id}
          aria-describedby={control.describedBy}
          aria-invalid={control.invalid || undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...input}
        />
      )}
    </Field>
  );
}
