import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { loginErrorText } from './auth-errors.ts';
import { EmailField } from './email-field.tsx';
import { useLogin } from './auth.queries.ts';

/**
 * Email and password form (PRODUCT.md#sign-in-screens); calls `onSuccess` once the token is stored.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate({ email: email.trim(), password }, { onSuccess });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      {login.isError && <FormAlert>{loginErrorText(login.error)}</FormAlert>}
      <EmailField value={email} onChange={setEmail} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      <div className="-mt-2 flex justify-end">
        <Link
          to="/forgot"
          className="rounded text-sm font-medium text-accent-text hover:underline hover:underline-offset-2"
        >
          Forgot Password?
        </Link>
      </div>
      <Button type="submit" variant="primary" className="w-full" busy={login.isPending}>
        Login
      </Button>
    </form>
  );
}
