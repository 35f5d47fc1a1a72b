import { Permission } from '../../../../contract/permissions.ts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicShare } from '../../../../contract/shares.ts';
import { shareEndpoints } from '../../../../contract/shares.ts';
import { callApi } from '../../lib/api-client.ts';
import { publicShareAction } from './public-share-rules.ts';

/** Query keys of the shares feature. */
const shareKeys = {
  publicOf: (collectionId: number) => ['shares', 'public', collectionId] as const,
  membersOf: (collectionId: number) => ['shares', 'private', collectionId] as const,
  staticAuth: (token: string) => ['shares', 'static-auth', token] as const,
};

/** The token link of a collection, or null when it has none (GET /api/shares/public). */
export function usePublicShare(collectionId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: shareKeys.publicOf(collectionId ?? 0),
    queryFn: async ({ signal }) =>
      (
        await callApi(shareEndpoints.listPublic, {
          query: { collection_id: collectionId },
          signal,
        })
      ).data[0] ?? null,
    enabled: enabled && collectionId !== undefined,
  });
}

/**
 * The members of a collection, inherited ones included (their `root_collection_id` is an
 * ancestor's), for its owner's sharing section (GET /api/shares/private?collection_id=).
 */
export function useMembers(collectionId: number) {
  return useQuery({
    queryKey: shareKeys.membersOf(collectionId),
    queryFn: async ({ signal }) =>
      (
        await callApi(shareEndpoints.listPrivate, {
          query: { collection_id: collectionId },
          signal,
        })
      ).data,
  });
}

/** Shares the collection with a user, removes them, or changes their level; members refetch. */
export function useMemberChanges(collectionId: number) {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: shareKeys.membersOf(collectionId) }),
      // `is_being_shared` of the collection and those below it changes.
      queryClient.invalidateQueries({ queryKey: ['collections'] }),
    ]);
  return {
    // A new member can view; the owner raises them to editor on purpose (PRODUCT.md#collection-form).
    add: useMutation({
      mutationFn: (userId: number) =>
        callApi(shareEndpoints.createPrivate, {
          body: { collection_id: collectionId, user_id: userId, permission: Permission.READ },
        }),
      onSettled,
    }),
    setLevel: useMutation({
      mutationFn: ({ shareId, permission }: { shareId: number; permission: 4 | 7 }) =>
        callApi(shareEndpoints.updatePrivate, { params: { id: shareId }, body: { permission } }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (shareId: number) =>
        callApi(shareEndpoints.deletePrivate, { params: { id: shareId } }),
      onSettled,
    }),
  };
}

/** The Collection Url section as the form holds it. */
export interface PublicShareDraft {
  active: boolean;
  token: string;
  includeDescendants: boolean;
}

/**
 * Saves the Collection Url section after the collection itself (PRODUCT.md#public-share-on-save):
 * creates, updates or deletes the link as `publicShareAction` says.
 */
export function useSavePublicShare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      collectionId,
      existing,
      draft,
    }: {
      collectionId: number;
      existing: PublicShare | null;
      draft: PublicShareDraft;
    }) => {
      const token = draft.token.trim();
      switch (publicShareAction(existing !== null, draft.active, token)) {
        case 'create':
          await callApi(shareEndpoints.createPublic, {
            body: {
              collection_id: collectionId,
              token,
              is_active: true,
              include_descendants: draft.includeDescendants,
            },
          });
          break;
        case 'update':
          await callApi(shareEndpoints.updatePublic, {
            params: { id: existing!.id },
            body: { token, is_active: true, include_descendants: draft.includeDescendants },
          });
          break;
        case 'delete':
          await callApi(shareEndpoints.deletePublic, { params: { id: existing!.id } });
          break;
        case 'none':
          break;
      }
    },
    onSettled: (_, __, { collectionId }) =>
      queryClient.invalidateQueries({ queryKey: shareKeys.publicOf(collectionId) }),
  });
}

/** What a share token opens (GET /api/shares/public/me with the token as Bearer). */
export function staticAuthQuery(token: string) {
  return queryOptions({
    queryKey: shareKeys.staticAuth(token),
    queryFn: async ({ signal }) => {
      const auth = (await callApi(shareEndpoints.me, { bearer: token, signal })).data;
      if (!auth) throw new Error('Not a share token');
      return auth;
    },
    retry: false,
    staleTime: Infinity,
    // A refused share token is a dead link, not the end of the visitor's own session.
    meta: { anonymous: true },
  });
}
