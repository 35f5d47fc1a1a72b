import { z } from 'zod';
import { envelope } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Name of a stored file, as a regular expression source: random letters, digits, `-`, `_`, and
 * the extension of its format.
 */
export const STORED_FILE_NAME = '[A-Za-z0-9_-]{16,64}\\.(?:png|jpg|webp|gif)';

/** Where stored files are served: `FILES_PATH` + name. */
export const FILES_PATH = '/api/files/';

/** The name in a stored file's path (`FILES_PATH` + name), for `fileEndpoints.get`. */
export function fileNameOf(path: string): string {
  return path.slice(FILES_PATH.length);
}

/** Name of a stored file in its URL. */
export const storedFileName = z.string().regex(new RegExp(`^${STORED_FILE_NAME}$`), {
  message: 'is not a file name',
});

const STORED_FILE_PATH = new RegExp(`^${FILES_PATH}${STORED_FILE_NAME}$`);

/**
 * Whether `path` is the path of a stored file, e.g. `/api/files/Xy…Q.webp`: the only image a post
 * shows. Any other value, `/\host/x` included (browsers read it as `//host/x`), could load
 * images from another host.
 */
export function isStoredFilePath(path: string): boolean {
  return STORED_FILE_PATH.test(path);
}

/** Path of a stored file as posts refer to it, e.g. `/api/files/Xy…Q.webp`. */
export const storedFilePath = z.string().regex(STORED_FILE_PATH, {
  message: 'is not the path of a stored file',
});

/** PRODUCT.md#file-upload: where the stored image is served, e.g. `/api/files/Xy…Q.webp`. */
export const uploadedFileSchema = z.object({ path: z.string() });

export const fileEndpoints = {
  upload: defineEndpoint({
    method: 'POST',
    path: '/api/files',
    summary:
      'Upload an image for a post (multipart field `file`): checked by its content, re-encoded (at most 1600 px wide, metadata removed; SVG becomes PNG). 201 with its `path`; 413 above the upload limit; 415 when it is not an image.',
    auth: 'user',
    upload: true,
    status: 201,
    response: envelope(uploadedFileSchema),
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/files/{name}',
    summary:
      'A stored image (an upload or a link thumbnail), with its image type, `nosniff` and a sandboxing Content-Security-Policy. Public like the posts that embed it: names are unguessable. 404 when there is no such file.',
    auth: 'none',
    params: z.object({ name: storedFileName }),
    status: 200,
    download: true,
  }),
};
