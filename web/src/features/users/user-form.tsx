import { useId } from 'react';
import { PASSWORD_HINT, type Theme } from '../../../../contract/auth.ts';
import { Card } from '../../ui/card.tsx';
import { FormAlert } from '../../ui/form-alert.tsx';
import { TextField } from '../../ui/text-field.tsx';
import type { UserCreateFormState, UserEditFormState } from './use-user-form.ts';
import type { UserFormErrors } from './user-changes.ts';

/** The form's id, so a Save button outside it (in the top bar) can submit it. */
export const USER_FORM_ID = 'user-form';

/** Name and email, on both user forms (PRODUCT.md#validation: both required). */
function NameEmailFields({
  values,
  set,
  errors,
  autoComplete,
  autoFocus = false,
}: {
  values: { name: string; email: string };
  set: (field: 'name' | 'email') => (value: string) => void;
  errors: UserFormErrors;
  /** Browser autofill: off for someone else's account, on for one's own. */
  autoComplete: { name: string; email: string };
  autoFocus?: boolean;
}) {
  return (
    <>
      <TextField
        label="Name"
        value={values.name}
        onChange={set('name')}
        error={errors.name}
        autoFocus={autoFocus}
        autoComplete={autoComplete.name}
        maxLength={255}
      />
      <TextField
        label="Email"
        type="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        autoComplete={autoComplete.email}
      />
    </>
  );
}

/** PRODUCT.md#users: name, email, password. */
export function UserCreateForm({ state }: { state: UserCreateFormState }) {
  const { values, set, errors } = state;
  return (
    <Card aria-labelledby="user-details-heading" className="p-5 sm:p-6">
      <h2 id="user-details-heading" className="mb-5 text-base font-semibold">
        Account
      </h2>
      <form
        id={USER_FORM_ID}
        onSubmit={(event) => void state.submit(event)}
        className="flex flex-col gap-5"
      >
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <NameEmailFields
          values={values}
          set={set}
          errors={errors}
          autoComplete={{ name: 'off', email: 'off' }}
          autoFocus
        />
        <TextField
          label="Password"
          type="password"
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          hint={PASSWORD_HINT}
          autoComplete="new-password"
        />
      </form>
    </Card>
  );
}

const THEMES: { value: Theme; label: string }[] = [
  { value: 'default', label: 'Default' },
  { value: 'dark', label: 'Dark' },
];

/** Theme Default or Dark (PRODUCT.md#users), as two radio buttons that look like one switch. */
function ThemeChoice({ value, onChange }: { value: Theme; onChange: (theme: Theme) => void }) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-fg">Theme</legend>
      <div className="inline-flex w-fit rounded-lg border border-line-strong bg-surface-muted p-0.5">
        {THEMES.map((theme) => (
          <label
            key={theme.value}
            className="cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium text-fg-muted transition-colors has-checked:bg-surface has-checked:text-fg has-checked:shadow-xs has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="theme"
              value={theme.value}
              checked={value === theme.value}
              onChange={() => onChange(theme.value)}
              className="sr-only"
            />
            {theme.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Whether new links get a readable page copy of their own accord (PRODUCT.md#reader-view), saved
 * with the form like the theme.
 */
function AutoPageCopiesChoice({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 size-4 shrink-0 cursor-pointer accent-accent"
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">
          Save a readable copy of new links automatically
        </label>
        <p id={`${id}-hint`} className="text-sm text-fg-muted">
          Off: a link gets a copy only when you ask for one in its Reader view.
        </p>
      </div>
    </div>
  );
}

/**
 * PRODUCT.md#users: name and email; on one's own profile also Old Password, New Password, Theme
 * and, where the server sends the setting, automatic page copies. `readOnly` for a profile the
 * viewer may not change.
 */
export function UserEditForm({
  state,
  own,
  readOnly,
}: {
  state: UserEditFormState;
  own: boolean;
  readOnly: boolean;
}) {
  const { values, set, errors } = state;
  return (
    <form
      id={USER_FORM_ID}
      onSubmit={(event) => void state.submit(event)}
      className="flex flex-col gap-6"
    >
      <Card aria-labelledby="user-details-heading" className="p-5 sm:p-6">
        <h2 id="user-details-heading" className="mb-5 text-base font-semibold">
          Account
        </h2>
        <fieldset disabled={readOnly} className="flex flex-col gap-5">
          {errors.form && <FormAlert>{errors.form}</FormAlert>}
          <NameEmailFields
            values={values}
            set={set}
            errors={errors}
            autoComplete={own ? { name: 'name', email: 'username' } : { name: 'off', email: 'off' }}
          />
          {state.emailChanging &&
            (own ? (
              <p className="text-sm text-fg-muted">
                A new email address needs your current password: enter it as Old Password below.
              </p>
            ) : (
              <TextField
                label="Your Password"
                type="password"
                value={values.passwordOld}
                onChange={set('passwordOld')}
                error={errors.password_old}
                hint="Confirms the change. They are signed out, and their old address is told."
                autoComplete="current-password"
              />
            ))}
        </fieldset>
      </Card>
      {own && (
        <>
          <Card aria-labelledby="user-password-heading" className="p-5 sm:p-6">
            <h2 id="user-password-heading" className="text-base font-semibold">
              Password
            </h2>
            <p className="mt-1 mb-5 text-sm text-fg-muted">
              Leave both empty to keep your password. A new one signs out your other devices.
            </p>
            <div className="flex flex-col gap-5">
              <TextField
                label="Old Password"
                type="password"
                value={values.passwordOld}
                onChange={set('passwordOld')}
                error={errors.password_old}
                autoComplete="current-password"
              />
              <TextField
                label="New Password"
                type="password"
                value={values.passwordNew}
                onChange={set('passwordNew')}
                error={errors.password_new}
                hint={PASSWORD_HINT}
                autoComplete="new-password"
              />
            </div>
          </Card>
          <Card aria-labelledby="user-appearance-heading" className="p-5 sm:p-6">
            <h2 id="user-appearance-heading" className="mb-5 text-base font-semibold">
              Appearance
            </h2>
            <ThemeChoice value={values.theme} onChange={set('theme')} />
          </Card>
          {values.autoPageCopies !== undefined && (
            <Card aria-labelledby="user-page-copies-heading" className="p-5 sm:p-6">
              <h2 id="user-page-copies-heading" className="mb-5 text-base font-semibold">
                Page copies
              </h2>
              <AutoPageCopiesChoice
                checked={values.autoPageCopies}
                onChange={set('autoPageCopies')}
              />
            </Card>
          )}
        </>
      )}
    </form>
  );
}
