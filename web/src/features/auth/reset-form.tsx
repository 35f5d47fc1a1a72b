import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../../contract/auth.ts';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { accountErrorText } from './auth-errors.ts';
import { useResetPassword } from './auth.queries.ts';

/**
 * PRODUCT.md#sign-in-screens: New Password and Confirm Password for the email and token of the
 * mailed link. On success the user is signed in with the new password; `onSuccess` then leads on
 * (PRODUCT.md#after-an-action).
 */
export function ResetForm({
  email,
  token,
  onSuccess,
}: {
  email: string;
  token: string;
  onSuccess: () => void;
}) {
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    setMismatch(password !== confirmation);
    if (password !== confirmation) return;
    reset.mutate({ email, token, password }, { onSuccess });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      {reset.isError && <FormAlert>{accountErrorText(reset.error)}</FormAlert>}
      {/* Lets password managers store the new password under the right account. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label="New Password"
        hint={PASSWORD_HINT}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        autoFocus
        value={password}
        onChange={setPassword}
      />
      <TextField
        label="Confirm Password"
        error={mismatch ? 'The passwords do not match.' : undefined}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={setConfirmation}
      />
      <Button type="submit" variant="primary" className="w-full" busy={reset.isPending}>
        Reset Password
      </Button>
    </form>
  );
}
