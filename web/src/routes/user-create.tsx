import { ShieldX } from 'lucide-react';
import { Link } from 'react-router';
import { BackLink } from '../app/back-link.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { useMe } from '../features/auth/auth.queries.ts';
import { USER_FORM_ID, UserCreateForm } from '../features/users/user-form.tsx';
import { CREATE_USER_DENIED, mayManageUsers } from '../features/users/user-rights.ts';
import { useUserCreateForm } from '../features/users/use-user-form.ts';
import { Button, buttonClasses } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

/**
 * `/users/create` (PRODUCT.md#users): the owner creates a user, then goes back to /users
 * (PRODUCT.md#after-an-action); anyone else is told that only the owner may, with no form.
 */
export function UserCreateRoute() {
  const me = useMe();
  if (!me.data) {
    return (
      <>
        <PageHeader title="Create User" />
        <PageSpinner />
      </>
    );
  }
  if (!mayManageUsers(me.data)) {
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <PageHeader title="Create User" />
        <EmptyState
          icon={ShieldX}
          title={CREATE_USER_DENIED}
          description="Ask the owner of this Nestmark to add the account."
          action={
            <Link to="/users" className={buttonClasses('secondary')}>
              Back to Users
            </Link>
          }
        />
      </div>
    );
  }
  return <UserCreatePage />;
}

function UserCreatePage() {
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
