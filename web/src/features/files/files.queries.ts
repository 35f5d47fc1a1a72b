import { useMutation } from '@tanstack/react-query';
import { fileEndpoints } from '../../../../contract/files.ts';
import { callApi } from '../../lib/api-client.ts';

/**
 * Uploads an image for a post (POST /api/files, multipart `file`); resolves to the path it is
 * served from. Rejects with ApiError (413 too large, 415 not an image).
 */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await callApi(fileEndpoints.upload, { file, fileName: file.name })).data.path,
  });
}
