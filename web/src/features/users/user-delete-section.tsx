import { useNavigate } from 'react-router';
import type { User } from '../../../../contract/auth.ts';
import { ApiError } from '../../lib/api-client.ts';
import { logError } from '../../lib/log.ts';
import { Card } from '../../ui/card.tsx';
import { ConfirmDelete } from '../../ui/confirm-delete.tsx';
import { notify } from '../../ui/notify.tsx';
import { useDeleteUser } from './users.queries.ts';

/**
 * Delete section of a user's page, for the owner on someone else's profile: asks once more,
 * deletes the user with all their data, then goes to /users (PRODUCT.md#after-an-action).
 */
export function UserDeleteSection({ user }: { user: User }) {
  const navigate = useNavigate();
  const remove = useDeleteUser();

  async function confirm() {
    try {
      await remove.mutateAsync(user.id);
      notify({
        type: 'deletion',
        title: 'User deleted',
        description: `${user.name} and all their posts and collections were deleted.`,
      });
      await navigate('/users');
    } catch (error) {
      logError('deleting a user failed', error);
      // PRODUCT.md#messages user delete failure: 'Failed. Error {status}' with the server's reason.
      notify(
        error instanceof ApiError
          ? { type: 'error', title: `Failed. Error ${error.status}`, description: error.message }
          : { type: 'error', title: 'Failed', description: 'The server could not be reached.' },
      );
    }
  }

  return (
    <Card aria-labelledby="delete-user-heading" className="p-5 sm:p-6">
      <h2 id="delete-user-heading" className="text-base font-semibold">
        Delete user
      </h2>
      <p className="mt-1.5 text-sm text-fg-muted">
        Deletes {user.name} with everything they keep here: posts, collections, tags and shares.
        This cannot be undone.
      </p>
      <ConfirmDelete
        label="Delete User"
        confirmLabel={`Yes, delete “${user.name}”`}
        busy={remove.isPending}
        onConfirm={confirm}
      />
    </Card>
  );
}
