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
 * @throws 415 when the request is not multipart; 400 when there is no `file` or the body is not
 *   well-formed multipart (no boundary, cut short, a broken part); 413 over the limit.
 */
export async function readUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the file as multipart/form-data in the field "file".',
    );
  }
  try {
    const part = await request.file({ limits: { fileSize: maxBytes } });
    if (!part || part.fieldname !== 'file') {
      throw badRequest('Choose a file to upload.', { file: ['is required'] });
    }
    // The name is request text like any other (server/http/request-text.ts).
    if (part.filename.includes('\u0000')) {
      throw badRequest(`The file name ${NUL_MESSAGE}.`, { file: [`its name ${NUL_MESSAGE}`] });
    }
    return { name: part.filename, bytes: await part.toBuffer() };
  } catch (error) {
    throw uploadError(error, maxBytes);
  }
}

/**
 * What a failure to read an upload means for the client. The multipart parser (busboy, through
 * @fastify/multipart) fails only on the request's bytes, so whatever it throws is a 400, except
 * the limits it enforces, which keep their 413.
 */
function uploadError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return payloadTooLarge(tooLargeMessage(maxBytes));
  if (statusCode === 413) return error;
  return badRequest('The upload is not a well-formed multipart/form-data body.', {
    file: ['could not be read from the request'],
  });
}
