import { TextField } from '../../ui/text-field.tsx';

/**
 * The account's email on the login and forgot forms (PRODUCT.md#validation: required, email-typed).
 */
export function EmailField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="username"
      required
      autoFocus
      value={value}
      onChange={onChange}
    />
  );
}
