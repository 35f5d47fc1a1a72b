import { z } from 'zod';
import { envelope } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/** Name of a stored file in its URL: random letters, digits, `-`, `_`, and an image extension. */
export const storedFileName = z.string().regex(/^[A-Za-z0-9_-]{16,64}\.(png|jpg|webp|gif)$/, {
  message: 'is not a file name',
});

/** SPEC §3 File upload response: where the stored image is served, e.g. `/api/files/Xy…Q.webp`. */
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
