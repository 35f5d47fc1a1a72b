import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Permission } from '../../../../contract/permissions.ts';
import { Badge } from '../../ui/badge.tsx';
import { Card } from '../../ui/card.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUsers } from './users.queries.ts';

/**
 * PRODUCT.md#users: a table of name and email, an Owner badge at permission 255, each row a link to
 * the user (the name is the link; the row's overlay makes the whole row clickable).
 */
export function UserList() {
  const users = useUsers();
  if (users.isPending) {
    return (
      <Card className="flex flex-col gap-3 p-5" aria-busy>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10" />
        ))}
      </Card>
    );
  }
  if (users.isError) {
    return (
      <EmptyState
        icon={Users}
        title="The users could not be loaded"
        description="Check your connection and reload the page."
      />
    );
  }
  return (
    <Card className="overflow-hidden">
      <table className="w-full table-fixed text-left text-sm">
        <thead className="border-b border-line bg-surface-muted/60 text-xs font-semibold tracking-wider text-fg-subtle uppercase">
          <tr>
            <th scope="col" className="px-4 py-2.5 sm:px-5">
              Name
            </th>
            <th scope="col" className="px-4 py-2.5 max-sm:hidden sm:px-5">
              Email
            </th>
            <th scope="col" className="w-10">
              <span className="sr-only">Open</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {users.data.map((user) => (
            <tr key={user.id} className="relative transition-colors hover:bg-surface-muted">
              <td className="px-4 py-3 sm:px-5">
                <div className="flex min-w-0 items-center gap-2">
                  <Link
                    to={`/users/${user.id}`}
                    className="truncate font-medium after:absolute after:inset-0 after:content-['']"
                  >
                    {user.name}
                  </Link>
                  {user.permission === Permission.OWNER && <Badge>Owner</Badge>}
                </div>
                <p className="truncate text-fg-muted sm:hidden">{user.email}</p>
              </td>
              <td className="truncate px-4 py-3 text-fg-muted max-sm:hidden sm:px-5">
                {user.email}
              </td>
              <td className="pr-4 text-fg-subtle">
                <ChevronRight aria-hidden className="size-4" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
