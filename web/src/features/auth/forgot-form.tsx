import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { accountErrorText } from './auth-errors.ts';
import { EmailField } from './email-field.tsx';
import { useForgotPassword } from './auth.queries.ts';

/** A quiet link back to /login under the auth forms. */
export function BackToLogin() {
  return (
    <p className="text-center text-sm">
      <Link
        to="/login"
        className="rounded font-medium text-accent-text hover:underline hover:underline-offset-2"
      >
        Back to Login
      </Link>
    </p>
  );
}

/**
 * PRODUCT.md#sign-in-screens: an email and Request Reset. The server's answer is shown as it comes
 * (API.md); it is the same whether or not the email has an account.
 */
export function ForgotForm() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    forgot.mutate(email.trim());
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-5">
      {forgot.isError && <FormAlert>{accountErrorText(forgot.error)}</FormAlert>}
      {forgot.isSuccess && <FormAlert tone="success">{forgot.data}</FormAlert>}
      <EmailField value={email} onChange={setEmail} />
      <Button type="submit" variant="primary" className="w-full" busy={forgot.isPending}>
        Request Reset
      </Button>
      <BackToLogin />
    </form>
  );
}
