import { PageHeader } from '../app/page-header.tsx';
import { BackLink } from '../app/back-link.tsx';
import { USER_FORM_ID, UserCreateForm } from '../features/users/user-form.tsx';
import { useUserCreateForm } from '../features/users/use-user-form.ts';
import { Button } from '../ui/button.tsx';

/**
 * `/users/create` (PRODUCT.md#users): a new user; then back to /users (PRODUCT.md#after-an-action).
 */
export function UserCreateRoute() {
  const form = useUserCreateForm();
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader
        title="Create User"
        actions={
          <Button type="submit" form={USER_FORM_ID} variant="primary" busy={form.saving}>
            Save
          </Button>
        }
      />
      <BackLink to="/users">Users</BackLink>
      <UserCreateForm state={form} />
    </div>
  );
}
