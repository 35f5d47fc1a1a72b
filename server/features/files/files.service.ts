import type { AccountBackup } from '../../../contract/bookmarks-io.ts';
import { FILES_PATH, fileNameOf, STORED_FILE_NAME } from '../../../contract/files.ts';
import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import { tooLargeMessage, type Upload } from '../../http/upload.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound, unprocessable } from '../../lib/errors.ts';
import { randomId } from '../../lib/random-token.ts';
import type { FileStore } from './file-store.ts';
import {
  checkStoredImage,
  IMAGE_TYPES,
  makeThumbnail,
  normalizeUpload,
  NotAnImageError,
  type ImageExtension,
} from './images.ts';
import {
  deleteFilesByName,
  insertFile,
  isFileReferenced,
  listFilesOfUser,
  listOrphanThumbnailNames,
  listThumbnailNamesOfPost,
  listUploadNames,
} from './files.repository.ts';

export type FilesService = ReturnType<typeof createFilesService>;

/** Where a stored file is served (the `path` of PRODUCT.md#file-upload). */
function filePath(name: string): string {
  return `${FILES_PATH}${name}`;
}

/**
 * A stored file's path where it stands on its own in HTML or text: at the start, or after white
 * space, a quote, `=`, `>` or `(` (`src="/api/files/…"`), never inside another site's URL.
 */
const PATH_IN_TEXT = new RegExp(
  `(?<=^|[\\s"'=>(])${FILES_PATH}${STORED_FILE_NAME}(?![\\w.-])`,
  'g',
);

/** The paths of stored files that `text` (post HTML or an `image_path`) refers to. */
export function filePathsIn(text: string): string[] {
  return Array.from(text.matchAll(PATH_IN_TEXT), (match) => match[0]);
}

/**
 * `text` with every stored-file path that is a key of `paths` replaced by its value; other text,
 * other paths included, unchanged. The paths hold no character HTML escapes, so this is safe on
 * HTML.
 */
export function replaceFilePaths(text: string, paths: ReadonlyMap<string, string>): string {
  return text.replace(PATH_IN_TEXT, (path) => paths.get(path) ?? path);
}

/** A stored image as an account backup carries it: `{path, content_type, data}` (base64). */
export type BackupFile = AccountBackup['files'][number];

/** An image of a backup, written under a new name by a restore. */
export interface RestoredFile {
  /** Its path in the backup, as the backup's posts refer to it. */
  backupPath: string;
  /** Its path here. */
  path: string;
  /** Its size in bytes. */
  byte_size: number;
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
  uploadMaxBytes,
  log,
}: {
  db: Db;
  clock: Clock;
  store: FileStore;
  /** The largest upload in bytes (UPLOAD_MAX_MB), also the largest image a restore takes. */
  uploadMaxBytes: number;
  /** Where a file that could not be removed from the disk is reported. */
  log: (error: unknown, message: string) => void;
}) {
  /** Writes `bytes` under a new random name. @returns the name */
  async function write(bytes: Buffer, extension: ImageExtension): Promise<string> {
    const name = `${randomId(18)}.${extension}`;
    await store.write('files', name, bytes);
    return name;
  }

  /** Records a written file; a thumbnail belongs to a post, an upload to no post. */
  async function record(
    db: Db,
    name: string,
    byteSize: number,
    owner: { kind: 'upload' | 'thumbnail'; userId: number; postId: number | null },
  ): Promise<void> {
    await insertFile(db, {
      name,
      kind: owner.kind,
      user_id: owner.userId,
      post_id: owner.postId,
      content_type: IMAGE_TYPES[name.slice(name.lastIndexOf('.') + 1) as ImageExtension],
      byte_size: byteSize,
      created_at: clock().toISOString(),
    });
  }

  async function save(
    bytes: Buffer,
    extension: ImageExtension,
    owner: { kind: 'upload' | 'thumbnail'; userId: number; postId: number | null },
  ): Promise<string> {
    const name = await write(bytes, extension);
    await record(db, name, bytes.length, owner);
    return filePath(name);
  }

  /** Removes images written by `writeRestored` from the disk (their restore failed). */
  async function removeRestored(files: readonly RestoredFile[]): Promise<void> {
    await Promise.all(files.map((file) => store.remove('files', fileNameOf(file.path))));
  }

  return {
    /**
     * Stores an uploaded image (PRODUCT.md#validation) after checking and re-encoding it by its
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
     * @param options.crop what the crop keeps (images.ts, makeThumbnail): the centre (default) or
     *   the top.
     * @param options.keepPrevious leaves the post's previous thumbnails alone: for a picture
     *   offered while another may be written (a PDF's first page, set only if the post has no
     *   image by then; {@link discardThumbnail} removes it when it is not).
     */
    async saveThumbnail(
      post: { id: number; user_id: number },
      image: Buffer,
      options: { crop?: 'centre' | 'top'; keepPrevious?: boolean } = {},
    ): Promise<string> {
      const thumbnail = await makeThumbnail(image, options.crop);
      const previous = options.keepPrevious ? [] : await listThumbnailNamesOfPost(db, post.id);
      const path = await save(thumbnail, 'webp', {
        kind: 'thumbnail',
        userId: post.user_id,
        postId: post.id,
      });
      await deleteFilesByName(db, previous);
      await Promise.all(previous.map((name) => store.remove('files', name)));
      return path;
    },

    /** Removes a thumbnail that {@link saveThumbnail} stored and no post came to show: row and file. */
    async discardThumbnail(path: string): Promise<void> {
      const name = fileNameOf(path);
      await deleteFilesByName(db, [name]);
      await store.remove('files', name);
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

    /**
     * In the transaction that deleted `posts` for good, after deleting them: forgets (drops the
     * rows of) the thumbnails left without a post and the uploads these posts showed that no
     * remaining post refers to. @returns their names, for {@link removeFiles} once committed.
     */
    async forgetFilesOfDeletedPosts(
      trx: Db,
      posts: readonly { content: string; image_path: string | null }[],
    ): Promise<string[]> {
      const paths = new Set<string>();
      for (const post of posts) {
        for (const path of filePathsIn(post.content)) paths.add(path);
        for (const path of filePathsIn(post.image_path ?? '')) paths.add(path);
      }
      const names = await listOrphanThumbnailNames(trx);
      for (const name of await listUploadNames(trx, Array.from(paths, fileNameOf))) {
        if (!(await isFileReferenced(trx, filePath(name)))) names.push(name);
      }
      await deleteFilesByName(trx, names);
      return names;
    },

    /**
     * Names of all the user's stored files (uploads and thumbnails), read in the transaction that
     * deletes the user (their rows go with the user), for {@link removeFiles} once committed.
     */
    async listFileNamesOfUser(trx: Db, userId: number): Promise<string[]> {
      return (await listFilesOfUser(trx, userId)).map((row) => row.name);
    },

    /**
     * Removes files from the disk once the transaction that forgot them has committed, so a
     * rollback never leaves rows without files. A file that cannot be removed is logged, not an
     * error: the deletion itself has happened.
     */
    async removeFiles(names: readonly string[]): Promise<void> {
      for (const name of names) {
        await store
          .remove('files', name)
          .catch((error: unknown) => log(error, `removing stored file ${name} failed`));
      }
    },

    /**
     * The user's stored images whose path is in `paths`, one at a time as a backup carries them
     * (only one image's bytes are held at once). An image whose bytes are gone from the disk is
     * left out: its references were broken already.
     */
    async *backupFiles(userId: number, paths: ReadonlySet<string>): AsyncGenerator<BackupFile> {
      for (const row of await listFilesOfUser(db, userId)) {
        const path = filePath(row.name);
        if (!paths.has(path)) continue;
        const bytes = await store.read('files', row.name);
        if (bytes) yield { path, content_type: row.content_type, data: bytes.toString('base64') };
      }
    },

    /**
     * Checks the images of a backup the way uploads are checked (size within the upload limit,
     * an image by its content, of the format its name and `content_type` say) and writes each
     * under a new random name, one at a time. Nothing is recorded yet: the restore records them
     * with {@link recordRestored} in its transaction, or removes them with
     * `removeRestored` when it fails.
     * @returns the written files, in the order of `files`.
     * @throws 422 naming the first file that fails a check; what was written is removed then.
     */
    async writeRestored(files: readonly BackupFile[]): Promise<RestoredFile[]> {
      const written: RestoredFile[] = [];
      try {
        for (const file of files) {
          const refuse = (reason: string) =>
            unprocessable(
              `This backup holds an image that cannot be restored, ${file.path}: ${reason} Nothing was restored.`,
            );
          const extension = file.path.slice(file.path.lastIndexOf('.') + 1) as ImageExtension;
          if (file.content_type !== IMAGE_TYPES[extension]) {
            throw refuse(`its type ${file.content_type} does not match its name.`);
          }
          if (Buffer.byteLength(file.data, 'base64') > uploadMaxBytes) {
            throw refuse(tooLargeMessage(uploadMaxBytes));
          }
          const bytes = Buffer.from(file.data, 'base64');
          try {
            await checkStoredImage(bytes, extension);
          } catch (error) {
            if (error instanceof NotAnImageError) throw refuse(error.message);
            throw error;
          }
          const name = await write(bytes, extension);
          written.push({
            backupPath: file.path,
            path: filePath(name),
            byte_size: bytes.length,
          });
        }
      } catch (error) {
        await removeRestored(written);
        throw error;
      }
      return written;
    },

    /**
     * Records images written by {@link writeRestored} in `db` (the restore's transaction) as
     * the user's: the thumbnail of `thumbnailOf` (a post id), or an upload when that is null.
     */
    async recordRestored(
      db: Db,
      userId: number,
      files: readonly { file: RestoredFile; thumbnailOf: number | null }[],
    ): Promise<void> {
      for (const { file, thumbnailOf } of files) {
        await record(db, fileNameOf(file.path), file.byte_size, {
          kind: thumbnailOf === null ? 'upload' : 'thumbnail',
          userId,
          postId: thumbnailOf,
        });
      }
    },

    removeRestored,

    /** A stored image for GET /api/files/{name}. @throws 404 */
    async open(name: string): Promise<FileDownload> {
      const extension = name.slice(name.lastIndexOf('.') + 1) as ImageExtension;
      const bytes = await store.read('files', name);
      if (!bytes || !(extension in IMAGE_TYPES)) throw notFound('File');
      return { body: bytes, contentType: IMAGE_TYPES[extension], headers: IMAGE_RESPONSE_HEADERS };
    },
  };
}
