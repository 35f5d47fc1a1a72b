import { Lock, UserX } from 'lucide-react';
import { useParams } from 'react-router';
import type { User } from '../../../contract/auth.ts';
import { BackLink } from '../app/back-link.tsx';
import { NotFoundContent } from '../app/not-found-content.tsx';
import { PageHeader } from '../app/page-header.tsx';
import { useMe } from '../features/auth/auth.queries.ts';
import { ApiError } from '../lib/api-client.ts';
import { AccessTokensSection } from '../features/api-tokens/access-tokens-section.tsx';
import { AccountFeedsSection } from '../features/feeds/account-feeds-section.tsx';
import { UserDeleteSection } from '../features/users/user-delete-section.tsx';
import { USER_FORM_ID, UserEditForm } from '../features/users/user-form.tsx';
import { mayManageUsers, profileReadOnlyReason } from '../features/users/user-rights.ts';
import { useUser } from '../features/users/users.queries.ts';
import { useUserEditForm } from '../features/users/use-user-form.ts';
import { Button } from '../ui/button.tsx';
import { PageSpinner } from '../ui/spinner.tsx';

/**
 * `/users/{id}` (PRODUCT.md#users): one's own profile is 'My Account' with password, theme and
 * access tokens (PRODUCT.md#access-tokens); the
 * owner edits anyone's name and email and may delete them; others only look, told why in one line.
 */
export function UserEditRoute() {
  const id = Number(useParams().userId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundContent />;
  return <UserLoader key={id} id={id} />;
}

function UserLoader({ id }: { id: number }) {
  const me = useMe().data;
  const user = useUser(id);
  if (user.isError) {
    const missing = user.error instanceof ApiError && user.error.status === 404;
    return (
      <NotFoundContent
        pageTitle="User"
        icon={UserX}
        title={missing ? 'This user does not exist' : 'This user could not be loaded'}
        description={missing ? 'They may have been deleted.' : 'Check your connection and reload.'}
        width="max-w-2xl"
      />
    );
  }
  if (user.isPending || !me) {
    return (
      <>
        <PageHeader title={id === me?.id ? 'My Account' : 'User'} />
        <PageSpinner />
      </>
    );
  }
  return <UserPage user={user.data} me={me} />;
}

function UserPage({ user, me }: { user: User; me: User }) {
  const own = user.id === me.id;
  const isOwner = mayManageUsers(me);
  const readOnlyReason = profileReadOnlyReason(user, me);
  const mayEdit = readOnlyReason === null;
  const form = useUserEditForm(user, own);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <PageHeader
        title={own ? 'My Account' : user.name}
        actions={
          mayEdit && (
            <Button type="submit" form={USER_FORM_ID} variant="primary" busy={form.saving}>
              Save
            </Button>
          )
        }
      />
      <BackLink to="/users">Users</BackLink>
      {readOnlyReason && (
        <p className="flex items-center gap-2 text-sm text-fg-muted">
          <Lock aria-hidden className="size-4 shrink-0" />
          {readOnlyReason}
        </p>
      )}
      <UserEditForm state={form} own={own} readOnly={!mayEdit} />
      {own && <AccessTokensSection />}
      {own && <AccountFeedsSection />}
      {isOwner && !own && <UserDeleteSection user={user} />}
    </div>
  );
}
