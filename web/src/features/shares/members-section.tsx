import { UserMinus, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { CollectionNode } from '../../../../contract/collections.ts';
import { Permission } from '../../../../contract/permissions.ts';
import { useMe } from '../auth/auth.queries.ts';
import { findInTree } from '../collections/collection-tree.ts';
import { useCollectionTree } from '../collections/collections.queries.ts';
import { logError } from '../../lib/log.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Input } from '../../ui/input.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useUserSearch } from '../users/users.queries.ts';
import { useMemberChanges, useMembers } from './shares.queries.ts';

const LEVELS = [
  { value: Permission.READ, label: 'Can view' },
  { value: Permission.FULL, label: 'Can edit' },
] as const;

/**
 * Share with Users (PRODUCT.md#collection-form; its owner only): the owner marked (me), members
 * inherited from a collection above (not removable here), direct members with their level and a
 * remove button, and a search by name to add or remove users. Changes apply at once.
 */
export function MembersSection({ collection }: { collection: CollectionNode }) {
  const id = useId();
  const me = useMe();
  const tree = useCollectionTree();
  const members = useMembers(collection.id);
  const changes = useMemberChanges(collection.id);
  const [search, setSearch] = useState('');
  const found = useUserSearch(search);

  const direct = (members.data ?? []).filter((share) => share.root_collection_id === collection.id);
  const inherited = (members.data ?? []).filter(
    (share) => share.root_collection_id !== collection.id,
  );
  const directShareOf = (userId: number) => direct.find((share) => share.user_id === userId);
  const ancestorName = (ancestorId: number) =>
    (tree.data && findInTree(tree.data.collections, ancestorId)?.name) ?? 'a collection above';
  const report = (what: string) => (error: unknown) => logError(what, error);

  return (
    <Card aria-labelledby={`${id}-heading`} className="p-5 sm:p-6">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        Share with Users
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        Members see this collection and every collection in it. Editors can add, change and delete
        posts and sub-collections; viewers only read. New members start as viewers.
      </p>

      <ul aria-label="Members" className="mt-4 flex flex-col divide-y divide-line">
        <li className="flex min-h-12 items-center gap-3 py-2">
          <span className="min-w-0 flex-1 truncate text-sm font-medium">
            {me.data?.name || me.data?.email} <span className="text-fg-subtle">(me)</span>
          </span>
          <Badge>Owner</Badge>
        </li>
        {members.isPending && (
          <li className="py-3">
            <Skeleton className="h-5 w-1/2" />
          </li>
        )}
        {inherited.map((share) => (
          <li key={share.id} className="flex min-h-12 items-center gap-3 py-2">
            <span className="min-w-0 flex-1 truncate text-sm">{share.user.name}</span>
            <span className="text-xs text-fg-subtle">
              {share.permission === Permission.READ ? 'Can view' : 'Can edit'}, from “
              {ancestorName(share.root_collection_id)}”
            </span>
          </li>
        ))}
        {direct.map((share) => (
          <li key={share.id} className="flex min-h-12 flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="min-w-0 flex-1 truncate text-sm">{share.user.name}</span>
            <select
              aria-label={`Access of ${share.user.name}`}
              value={share.permission}
              disabled={changes.setLevel.isPending}
              onChange={(event) =>
                changes.setLevel.mutate(
                  { shareId: share.id, permission: Number(event.target.value) as 4 | 7 },
                  { onError: report('changing a member level failed') },
                )
              }
              className="h-9 rounded-lg border border-line-strong bg-surface px-2 text-sm"
            >
              {LEVELS.map((level) => (
                <option key={level.value} value={level.value}>
                  {level.label}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${share.user.name}`}
              disabled={changes.remove.isPending}
              onClick={() =>
                changes.remove.mutate(share.id, { onError: report('removing a member failed') })
              }
            >
              <UserMinus aria-hidden />
              <span className="max-sm:sr-only">Remove</span>
            </Button>
          </li>
        ))}
      </ul>

      <div className="mt-5 flex flex-col gap-2">
        <label htmlFor={`${id}-search`} className="text-sm font-medium">
          Add people
        </label>
        <Input
          id={`${id}-search`}
          type="search"
          placeholder="Search users by name"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {search.trim() && (
          <ul aria-label="Users found" className="flex flex-col divide-y divide-line">
            {found.data?.length === 0 && (
              <li className="py-3 text-sm text-fg-subtle">Nobody by that name.</li>
            )}
            {found.data?.map((user) => {
              const share = directShareOf(user.id);
              return (
                <li key={user.id} className="flex min-h-12 items-center gap-3 py-2">
                  <span className="min-w-0 flex-1 truncate text-sm">
                    {user.name}
                    <span className="ml-2 text-fg-subtle">{user.email}</span>
                  </span>
                  {share ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Remove ${user.name}`}
                      disabled={changes.remove.isPending}
                      onClick={() =>
                        changes.remove.mutate(share.id, {
                          onError: report('removing a member failed'),
                        })
                      }
                    >
                      <UserMinus aria-hidden />
                      Remove
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Add ${user.name}`}
                      disabled={changes.add.isPending}
                      onClick={() =>
                        changes.add.mutate(user.id, { onError: report('adding a member failed') })
                      }
                    >
                      <UserPlus aria-hidden />
                      Add
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
