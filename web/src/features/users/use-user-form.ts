import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { User } from '../../../../contract/auth.ts';
import { logError } from '../../lib/log.ts';
import { applyTheme } from '../../lib/theme.ts';
import { notify } from '../../ui/notify.tsx';
import {
  emailChanged,
  userChanges,
  userFormProblems,
  userSaveErrors,
  type UserEditValues,
  type UserFormErrors,
} from './user-changes.ts';
import { useCreateUser, useUpdateUser } from './users.queries.ts';

/**
 * State and submit of /users/create (PRODUCT.md#users): name, email, password; then back to
 * /users.
 */
export function useUserCreateForm() {
  const navigate = useNavigate();
  const create = useCreateUser();
  const [values, setValues] = useState({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<UserFormErrors>({});

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const problems = userFormProblems(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const user = await create.mutateAsync({
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      notify({
        type: 'success',
        title: 'User created',
        description: `${user.name} can sign in now.`,
      });
      await navigate('/users');
    } catch (error) {
      logError('creating a user failed', error);
      setErrors(userSaveErrors(error));
    }
  }

  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  return { values, set, errors, saving: create.isPending, submit };
}

export type UserCreateFormState = ReturnType<typeof useUserCreateForm>;

/**
 * State and submit of /users/{id} (PRODUCT.md#users, #after-an-action, #validation): only changed
 * fields are sent, nothing when nothing changed; on one's own profile saving also applies and
 * stores the theme.
 */
export function useUserEditForm(user: User, own: boolean) {
  const update = useUpdateUser();
  const [values, setValues] = useState<UserEditValues>({
    name: user.name,
    email: user.email,
    passwordOld: '',
    passwordNew: '',
    theme: user.theme,
    autoPageCopies: user.auto_page_copies,
  });
  const [errors, setErrors] = useState<UserFormErrors>({});

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const problems = userFormProblems(values, emailChanged(user, values));
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const body = userChanges(user, values, own);
    if (!body) {
      if (own) applyTheme(values.theme);
      notify({ type: 'success', title: 'Nothing to save', description: 'Nothing has changed.' });
      return;
    }
    try {
      const saved = await update.mutateAsync({ id: user.id, body });
      if (own) applyTheme(saved.theme);
      setValues((current) => ({ ...current, passwordOld: '', passwordNew: '' }));
      notify({
        type: 'success',
        title: 'Saved',
        description: body.password_new
          ? 'Your password has changed. Your other devices are signed out.'
          : body.email && !own
            ? 'The email is changed: they are signed out, and their old address is told.'
            : 'Your changes are saved.',
      });
    } catch (error) {
      logError('saving a user failed', error);
      setErrors(userSaveErrors(error));
    }
  }

  const set =
    <K extends keyof UserEditValues>(field: K) =>
    (value: UserEditValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));
  return {
    values,
    set,
    errors,
    saving: update.isPending,
    submit,
    emailChanging: emailChanged(user, values),
  };
}

export type UserEditFormState = ReturnType<typeof useUserEditForm>;
