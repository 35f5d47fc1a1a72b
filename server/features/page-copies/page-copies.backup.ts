import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { BackupPageCopy } from '../../../contract/bookmarks-io.ts';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { unprocessable } from '../../lib/errors.ts';
import type { FileStore } from '../files/file-store.ts';
import { sanitizeContent } from '../posts/post-content.ts';
import { overCap, type CopyCaps } from './copy-caps.ts';
import type { CopyFailure } from './copy-failure.ts';
import { queueNewCopies, type SavedCopyFields } from './page-copies.repository.ts';
import { snapshotName, storedCopyColumns } from './page-copies.service.ts';
import { countWords, readingMinutes } from './text-measures.ts';

/*
 * Page copies in account backups (PRODUCT.md#import-and-export, #page-copies; the format is
 * contract `backupPageCopySchema`, described in docs/ARCHITECTURE.md): the saved copies of an
 * account read one at a time for a backup, and a backup's copies checked, measured and written
 * with the restored posts. A public module of the page-copies feature for the account backup
 * (docs/ARCHITECTURE.md, "Feature boundaries").
 */

const gunzipAsync = promisify(gunzip);

/** Post ids per `IN (…)` list: under both databases' bind parameter limits. */
const BATCH = 1000;

/** A backup's copy ready to be written: a saved copy, or one this server's limits refused. */
export type RestoredCopy = { backupPostId: number } & (
  | {
      status: 'saved';
      /** The columns of the saved row (without its post, user and dates). */
      columns: SavedCopyFields;
      copiedAt: string;
      /** The snapshot as the backup holds it (gzip in base64): decoded when it is written. */
      snapshotBase64: string;
    }
  | { status: 'failed'; failure: CopyFailure }
);

/**
 * The page copies of account backups, on the file store `store` (snapshots) and the database `db`.
 * `caps` and `accountMaxBytes` (COPIES_MAX_MB in bytes) are this server's copy limits.
 */
export function createPageCopyBackup({
  db,
  clock,
  store,
  caps,
  accountMaxBytes,
}: {
  db: Db;
  clock: Clock;
  store: FileStore;
  caps: CopyCaps;
  accountMaxBytes: number;
}) {
  return {
    /**
     * The saved copies of `userId`'s posts among `postIds` (the posts the backup carries), in
     * post id order, read one at a time (row, then snapshot) as the caller asks for the next: at
     * most one copy is held in memory. A copy that is no longer saved when its turn comes, or
     * whose snapshot is gone from the store, is left out.
     */
    async *backupCopies(
      userId: number,
      postIds: ReadonlySet<number>,
    ): AsyncGenerator<BackupPageCopy> {
      for (const postId of await listSavedCopyPostIds(db, userId)) {
        if (!postIds.has(postId)) continue;
        const row = await readSavedCopy(db, postId);
        if (!row) continue;
        const snapshot = await store.read('snapshots', snapshotName(postId));
        if (!snapshot) continue;
        const [text, html] = await Promise.all([
          gunzipAsync(row.text_gz!),
          row.html_gz === null ? null : gunzipAsync(row.html_gz),
        ]);
        yield {
          post_id: postId,
          kind: row.kind!,
          copied_at: row.copied_at!,
          title: row.title,
          byline: row.byline,
          site_name: row.site_name,
          published_at: row.published_at,
          excerpt: row.excerpt,
          lang: row.lang,
          text: text.toString('utf8'),
          html: html === null ? null : html.toString('utf8'),
          snapshot_gz: snapshot.toString('base64'),
        };
      }
    },

    /**
     * A backup's copies made ready to write, in its order, as copies made here are stored:
     * readable HTML through the post sanitiser again (a backup is just a file), text on one
     * line, search text, word count, reading time and stored bytes worked out here, never read
     * from the file. Each snapshot is decompressed once to check it (then dropped: it is decoded
     * again when written). A copy over this server's limits becomes a failed copy with the
     * reason a copy made here would get: `too_large` over `caps` (readable HTML or text over
     * `readableBytes`, a snapshot over `rawBytes`, a PDF's over `pdfBytes`), `account_full` when
     * it would take the account's copies, counted in the backup's order, over `accountMaxBytes`
     * (the account is empty before a restore). Async work (gzip) between copies gives the event
     * loop its turns.
     * @throws 422 for a snapshot that is not gzip-compressed data; nothing is written then.
     */
    async prepareRestored(copies: readonly BackupPageCopy[]): Promise<RestoredCopy[]> {
      const prepared: RestoredCopy[] = [];
      let accountBytes = 0;
      for (const copy of copies) {
        const backupPostId = copy.post_id;
        const snapshot = Buffer.from(copy.snapshot_gz, 'base64');
        const pageLimit = copy.kind === 'pdf' ? caps.pdfBytes : caps.rawBytes;
        const snapshotTooLarge = await snapshotOverCap(snapshot, pageLimit, backupPostId);
        // Sizes as the file gives them first: a copy made by Nestmark is sanitised and on one
        // line already (so it measures the same), and a huge HTML is never sanitised for nothing.
        const givenTooLarge =
          snapshotTooLarge ??
          overCap(Buffer.byteLength(copy.html ?? ''), caps.readableBytes) ??
          overCap(Buffer.byteLength(copy.text), caps.readableBytes);
        const html = givenTooLarge || copy.html === null ? null : sanitizeContent(copy.html);
        const text = copy.text.replace(/\s+/g, ' ').trim();
        const tooLarge =
          givenTooLarge ?? overCap(Buffer.byteLength(html ?? ''), caps.readableBytes);
        if (tooLarge) {
          prepared.push({ backupPostId, status: 'failed', failure: tooLarge });
          continue;
        }
        const stored = await storedCopyColumns(text, html, snapshot);
        if (accountBytes + stored.stored_bytes > accountMaxBytes) {
          prepared.push({
            backupPostId,
            status: 'failed',
            failure: { kind: 'failure', reason: 'account_full', limitBytes: accountMaxBytes },
          });
          continue;
        }
        accountBytes += stored.stored_bytes;
        const wordCount = countWords(text);
        prepared.push({
          backupPostId,
          status: 'saved',
          copiedAt: copy.copied_at,
          snapshotBase64: copy.snapshot_gz,
          columns: {
            kind: copy.kind,
            title: copy.title,
            byline: copy.byline,
            site_name: copy.site_name,
            published_at: copy.published_at,
            excerpt: copy.excerpt,
            lang: copy.lang,
            word_count: wordCount,
            reading_minutes: readingMinutes(wordCount),
            ...stored,
          },
        });
      }
      return prepared;
    },

    /**
     * Writes prepared copies in `trx` (the restore's transaction) as the copies of the restored
     * posts (`postIdOf`: the new id of a backup's post), owned by `userId`: each saved copy's
     * snapshot first (through the file store, in `trx` when the store keeps files in the
     * database), then its row; a failed one as a failed row dated now. Every snapshot name is
     * added to `written` before it is written, for {@link removeSnapshots} should the restore
     * fail. @returns how many were saved and how many failed.
     */
    async writeRestored(
      trx: Db,
      userId: number,
      copies: readonly RestoredCopy[],
      postIdOf: (backupPostId: number) => number,
      written: string[],
    ): Promise<{ saved: number; failed: number }> {
      const now = clock().toISOString();
      let saved = 0;
      for (const copy of copies) {
        const postId = postIdOf(copy.backupPostId);
        const owner = { post_id: postId, user_id: userId, requested_at: now };
        if (copy.status === 'failed') {
          const { kind: _kind, ...failure } = copy.failure;
          await trx
            .insertInto('page_copies')
            .values({
              ...owner,
              status: 'failed',
              copied_at: now,
              failure: JSON.stringify(failure),
            })
            .execute();
          continue;
        }
        const name = snapshotName(postId);
        written.push(name);
        await store.write('snapshots', name, Buffer.from(copy.snapshotBase64, 'base64'), {
          transaction: trx,
        });
        await trx
          .insertInto('page_copies')
          .values({ ...owner, ...copy.columns, status: 'saved', copied_at: copy.copiedAt })
          .execute();
        saved += 1;
      }
      return { saved, failed: copies.length - saved };
    },

    /**
     * In `trx`, queues the copies of the restored posts `postIds` that are links, when their
     * owner has automatic copies on (`users.auto_page_copies`), as a new link's copy is queued
     * once its preview ends. For restored posts whose preview is not fetched again and that
     * bring no copy.
     */
    async queueRestored(trx: Db, postIds: readonly number[]): Promise<void> {
      const now = clock().toISOString();
      for (let from = 0; from < postIds.length; from += BATCH) {
        await queueNewCopies(trx, postIds.slice(from, from + BATCH), now);
      }
    },

    /** Removes snapshots written by {@link writeRestored} (their restore failed). */
    async removeSnapshots(names: readonly string[]): Promise<void> {
      for (const name of names) await store.remove('snapshots', name);
    },
  };

  /**
   * The 'too_large' failure when `snapshot` decompresses to more than `limitBytes`, else null
   * (decompression stops there: a small file cannot make the server inflate gigabytes).
   * @throws 422 when it is not gzip-compressed data
   */
  async function snapshotOverCap(
    snapshot: Buffer,
    limitBytes: number,
    backupPostId: number,
  ): Promise<CopyFailure | null> {
    try {
      await gunzipAsync(snapshot, { maxOutputLength: Math.max(1, limitBytes) });
      return null;
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') {
        return { kind: 'failure', reason: 'too_large', limitBytes };
      }
      throw unprocessable(
        `This backup holds a page copy that cannot be restored, that of post ${backupPostId}: its snapshot_gz is not gzip-compressed data. Nothing was restored.`,
      );
    }
  }
}

export type PageCopyBackup = ReturnType<typeof createPageCopyBackup>;

/** The posts of `userId` with a saved copy, in id order. */
async function listSavedCopyPostIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('page_copies')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('status', '=', 'saved')
    .orderBy('post_id')
    .execute();
  return rows.map((row) => row.post_id);
}

/** The columns of the saved copy of `postId` a backup carries; undefined unless saved. */
function readSavedCopy(db: Db, postId: number) {
  return db
    .selectFrom('page_copies')
    .select([
      'kind',
      'copied_at',
      'title',
      'byline',
      'site_name',
      'published_at',
      'excerpt',
      'lang',
      'html_gz',
      'text_gz',
    ])
    .where('post_id', '=', postId)
    .where('status', '=', 'saved')
    .executeTakeFirst();
}
