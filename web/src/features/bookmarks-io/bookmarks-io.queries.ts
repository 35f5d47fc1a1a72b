import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { bookmarksIoEndpoints, type DuplicateMode } from '../../../../contract/bookmarks-io.ts';
import { callApi } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { collectionKeys } from '../collections/collection-keys.ts';
import { postKeys } from '../posts/posts.queries.ts';

/** How often a running import is asked for its progress. */
const IMPORT_POLL_MS = 500;

/** Query keys of the bookmarks-io feature. */
const importKeys = {
  job: (id: number) => ['imports', id] as const,
};

/**
 * Starts an import (POST /api/imports): a new collection named after the file, or
 * `collectionId`; duplicates skipped or kept. Resolves to the job, running; it is put in the
 * cache so that its page shows it at once.
 */
export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; collectionId?: number; duplicates: DuplicateMode }) =>
      (
        await callApi(bookmarksIoEndpoints.import, {
          file: input.file,
          fileName: input.file.name,
          query: { collection_id: input.collectionId, duplicates: input.duplicates },
        })
      ).data,
    onSuccess: (job) => queryClient.setQueryData(importKeys.job(job.id), job),
  });
}

/**
 * An import job (GET /api/imports/{id}), asked again every IMPORT_POLL_MS while it runs. When it
 * is done, the collections and posts are refetched: the import made new ones.
 */
export function useImportJob(id: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.job(id),
    queryFn: async ({ signal }) =>
      (await callApi(bookmarksIoEndpoints.importJob, { params: { id }, signal })).data,
    refetchInterval: (state) => (state.state.data?.status === 'running' ? IMPORT_POLL_MS : false),
  });
  const done = query.data?.status === 'done';
  useEffect(() => {
    if (!done) return;
    void queryClient.invalidateQueries({ queryKey: collectionKeys.all });
    void queryClient.invalidateQueries({ queryKey: postKeys.all });
  }, [done, queryClient]);
  return query;
}

/**
 * Downloads bookmarks (GET /api/exports) under the server's file name (PRODUCT.md#limits, with the
 * date): everything, or one collection with everything below it (`collectionId`; 0 =
 * Uncategorized).
 */
export function useExportBookmarks() {
  return useMutation({
    mutationFn: async (collectionId: number | undefined) => {
      const file = await callApi(bookmarksIoEndpoints.export, {
        query: { collection_id: collectionId },
      });
      saveBlob(file, file.name);
    },
  });
}

/** Downloads the whole account as a JSON backup (GET /api/backups). */
export function useDownloadBackup() {
  return useMutation({
    mutationFn: async () => {
      const file = await callApi(bookmarksIoEndpoints.backup);
      saveBlob(file, file.name);
    },
  });
}

/** Restores a backup into the (empty) account (POST /api/backups); everything is refetched. */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      (await callApi(bookmarksIoEndpoints.restore, { file, fileName: file.name })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionKeys.all }),
        queryClient.invalidateQueries({ queryKey: postKeys.all }),
      ]),
  });
}
