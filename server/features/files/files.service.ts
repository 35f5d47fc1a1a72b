import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import type { Upload } from '../../http/upload.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { randomId } from '../../lib/random-token.ts';
import type { FileStore } from './file-store.ts';
import {
  IMAGE_TYPES,
  makeThumbnail,
  normalizeUpload,
  NotAnImageError,
  type ImageExtension,
} from './images.ts';
import {
  deleteFilesByName,
  insertFile,
  listOrphanThumbnailNames,
  listThumbnailNamesOfPost,
} from './files.repository.ts';

export type FilesService = ReturnType<typeof createFilesService>;

/** Where a stored file is served (the `path` of SPEC §3 File upload response). */
export function filePath(name: string): string {
  return `/api/files/${name}`;
}

/**
 * Headers of every served image: the type we encoded, no sniffing it into something else, and a
 * policy that keeps even a browser opening it directly from running anything. Names never change
 * content, so browsers may keep them for a year.
 */
export const IMAGE_RESPONSE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-origin',
};

/** Stored images: editor uploads (POST /api/files), link thumbnails, serving both. */
export function createFilesService({
  db,
  clock,
  store,
}: {
  db: Db;
  clock: Clock;
  store: FileStore;
}) {
  async function save(
    bytes: Buffer,
    extension: ImageExtension,
    owner: { kind: 'upload' | 'thumbnail'; userId: number; postId: number | null },
  ): Promise<string> {
    const name = `${randomId(18)}.${extension}`;
    await store.write('files', name, bytes);
    await insertFile(db, {
      name,
      kind: owner.kind,
      user_id: owner.userId,
      post_id: owner.postId,
      content_type: IMAGE_TYPES[extension],
      byte_size: bytes.length,
      created_at: clock().toISOString(),
    });
    return filePath(name);
  }

  return {
    /**
     * Stores an uploaded image (SPEC §5 image upload) after checking and re-encoding it by its
     * content (server/features/files/images.ts). @returns its path. @throws 415 when the file is
     * not an image.
     */
    async upload(actor: UserActor, upload: Upload): Promise<{ path: string }> {
      let image: Awaited<ReturnType<typeof normalizeUpload>>;
      try {
        image = await normalizeUpload(upload.bytes);
      } catch (error) {
        if (error instanceof NotAnImageError) {
          throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', error.message, {
            file: [error.message],
          });
        }
        throw error;
      }
      const path = await save(image.bytes, image.extension, {
        kind: 'upload',
        userId: actor.userId,
        postId: null,
      });
      return { path };
    },

    /**
     * Makes and stores the thumbnail of a link post from its page's image, replacing the post's
     * previous one. @returns its path. @throws NotAnImageError
     */
    async saveThumbnail(post: { id: number; user_id: number }, image: Buffer): Promise<string> {
      const thumbnail = await makeThumbnail(image);
      const previous = await listThumbnailNamesOfPost(db, post.id);
      const path = await save(thumbnail, 'webp', {
        kind: 'thumbnail',
        userId: post.user_id,
        postId: post.id,
      });
      await deleteFilesByName(db, previous);
      await Promise.all(previous.map((name) => store.remove('files', name)));
      return path;
    },

    /**
     * Removes the thumbnails of posts deleted for good (their `post_id` became null), row and
     * file. Idempotent, so processes may run it side by side. @returns how many went.
     */
    async removeOrphanThumbnails(): Promise<number> {
      const names = await listOrphanThumbnailNames(db, 500);
      await deleteFilesByName(db, names);
      await Promise.all(names.map((name) => store.remove('files', name)));
      return names.length;
    },

    /** A stored image for GET /api/files/{name}. @throws 404 */
    async open(name: string): Promise<FileDownload> {
      const extension = name.slice(name.lastIndexOf('.') + 1) as ImageExtension;
      const bytes = await store.read('files', name);
      if (!bytes || !(extension in IMAGE_TYPES)) throw notFound('File');
      return { body: bytes, contentType: IMAGE_TYPES[extension], headers: IMAGE_RESPONSE_HEADERS };
    },
  };
}
