import type { FastifyRequest } from 'fastify';
import { AppError, badRequest, payloadTooLarge } from '../lib/errors.ts';
import { NUL_MESSAGE } from '../lib/nul-character.ts';

/** An uploaded file, read whole. */
export interface Upload {
  name: string;
  bytes: Buffer;
}

/** The refusal of a file over a limit of `maxBytes` bytes, the limit in megabytes. */
export function tooLargeMessage(maxBytes: number): string {
  const megabytes = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return `The file is larger than the upload limit of ${megabytes} MB.`;
}

/**
 * Reads the file of a `multipart/form-data` request's field `file`, at most `maxBytes` long.
 * @throws 415 when the request is not multipart; 400 when there is no `file`; 413 over the limit.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data in the field "file".',
    );
  }
  const part = await request.file({ limits: { fileSize: maxBytes } });
  if (!part || part.fieldname !== 'file') {
    throw badRequest('Choose a file to upload.', { file: ['is required'] });
  }
  // The name is request text like any other (server/http/request-text.ts).
  if (part.filename.includes('\u0000')) {
    throw badRequest(`The file name ${NUL_MESSAGE}.`, { file: [`its name ${NUL_MESSAGE}`] });
  }
  try {
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw payloadTooLarge(tooLargeMessage(maxBytes));
    }
    throw error;
  }
}
