import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../app/page-header.tsx';
import { useMe } from '../features/auth/auth.queries.ts';
import { UserList } from '../features/users/user-list.tsx';
import { mayManageUsers } from '../features/users/user-rights.ts';
import { buttonClasses } from '../ui/button.tsx';

/** `/users` (PRODUCT.md#users); the owner gets Create User in the top bar. */
export function UsersRoute() {
  const isOwner = mayManageUsers(useMe().data);
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageHeader
        title="Users"
        actions={
          isOwner && (
            <Link
              to="/users/create"
              className={buttonClasses('primary', 'md', 'max-sm:w-10 max-sm:px-0')}
            >
              <UserPlus aria-hidden />
              <span className="max-sm:sr-only">Create User</span>
            </Link>
          )
        }
      />
      <UserList />
    </div>
  );
}
