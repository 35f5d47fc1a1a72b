import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { z } from 'zod';
import {
  accountBackupSchema,
  backupPageCopySchema,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  backupFileName,
  type AccountBackup,
  type ParsedBackup,
  type RestoreResult,
} from '../../../contract/bookmarks-io.ts';
import { tagNameKey } from '../../../contract/tags.ts';
import { MAX_COLLECTION_DEPTH } from '../../../contract/collections.ts';
import { SHARE_TOKEN_LENGTH } from '../../../contract/shares.ts';
import type { Db } from '../../db/database.ts';
import type { NewPostRow } from '../../db/schema.ts';
import type { UserActor } from '../../http/actor.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import type { Upload } from '../../http/upload.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict, unprocessable } from '../../lib/errors.ts';
import { inTurns } from '../../lib/in-turns.ts';
import { parseJsonWithoutNul } from '../../lib/nul-character.ts';
import { randomAlphanumeric } from '../../lib/random-token.ts';
import { TOKEN_MIN_BITS, tokenEntropyBits } from '../../lib/strength.ts';
import { listUsedShareTokens, recordUsedShareTokens } from '../shares/used-share-tokens.ts';
import {
  filePathsIn,
  replaceFilePaths,
  type FilesService,
  type RestoredFile,
} from '../files/files.service.ts';
import type { PageCopyBackup, RestoredCopy } from '../page-copies/page-copies.backup.ts';
import { postContentFields } from '../posts/post-content.ts';
import { denseOrders } from '../posts/post-order.ts';
import { insertPosts } from '../posts/post-bulk-insert.ts';
import { searchDocument } from '../search/search-document.ts';
import { linkTags } from '../tags/post-tags.ts';
import { normalizeEmail } from '../users/user-accounts.ts';
import {
  insertPrivateShares,
  insertPublicShares,
  insertTags,
  isAccountEmpty,
  listTakenShareTokens,
  lockAccount,
  listUserIdsByEmail,
  readAccount,
} from './account-backup.repository.ts';
import { batches, insertCollections } from './bookmarks-io.repository.ts';

export type AccountBackupService = ReturnType<typeof createAccountBackupService>;

const NOT_EMPTY =
  'Backups are restored into an empty account only: this one already has collections, posts or tags. Sign in to a new account and restore there.';

/**
 * A whole account as one JSON file, and its restore into an empty account
 * (PRODUCT.md#import-and-export). The format is contract `accountBackupSchema`;
 * docs/ARCHITECTURE.md describes it.
 */
export function createAccountBackupService({
  db,
  clock,
  files,
  copies,
  onPreviewsDue = () => {},
  onCopiesDue = () => {},
}: {
  db: Db;
  clock: Clock;
  /** Reads the images a backup carries, and stores and records the ones a restore brings. */
  files: FilesService;
  /** Reads the page copies a backup carries, and checks and writes the ones a restore brings. */
  copies: PageCopyBackup;
  /** Told after a restore, whose link posts without a preview wait for one. */
  onPreviewsDue?: () => void;
  /** Told after a restore, whose link posts without a copy may wait for one. */
  onCopiesDue?: () => void;
}) {
  return {
    /**
     * The actor's account as a backup: collections, every post with its HTML (the recycle bin
     * too), tags, the shares of the actor's collections (members named by email), in
     * `files` the actor's stored images (uploads and thumbnails) that posts refer to in their
     * HTML or `image_path`, in base64, and in `page_copies` the saved page copies of its posts
     * (PRODUCT.md#page-copies; queued and failed ones are not carried). Images nothing refers to
     * are left out.
     * @returns `nestmark-backup-YYYY-MM-DD.json` (UTC date), streamed: the images and the copies
     *   are read one at a time as the body is sent.
     */
    async backup(actor: UserActor): Promise<FileDownload> {
      const account = await readAccount(db, actor.userId);
      const head = backupHead(account, clock().toISOString());
      const referenced = new Set(
        account.posts.flatMap((row) => [
          ...filePathsIn(row.content),
          ...(row.image_path === null ? [] : filePathsIn(row.image_path)),
        ]),
      );
      const postIds = new Set(account.posts.map((row) => row.id));
      const userId = actor.userId;
      async function* body() {
        // The head as JSON without its closing brace, then `files`, one image at a time, and
        // `page_copies`, one copy at a time.
        yield `${JSON.stringify(head).slice(0, -1)},"files":[`;
        let separator = '';
        for await (const file of files.backupFiles(userId, referenced)) {
          yield separator + JSON.stringify(file);
          separator = ',';
        }
        yield '],"page_copies":[';
        separator = '';
        for await (const copy of copies.backupCopies(userId, postIds)) {
          yield separator + JSON.stringify(copy);
          separator = ',';
        }
        yield ']}';
      }
      return {
        body: Readable.from(body()),
        contentType: 'application/json; charset=utf-8',
        fileName: backupFileName(clock()),
      };
    },

    /**
     * Restores a backup into the actor's account in one transaction: every row gets a new id,
     * post HTML is sanitized again (a backup is just a file), public shares keep their token
     * unless another share here has it (then a new one), private shares are restored for members
     * who have an account here. The images of `files` are checked like uploads and written
     * under new names before the transaction, and every reference to them in post HTML and
     * `image_path` is rewritten to the new path; a reference to an image the backup does not
     * carry is kept as it is (it was broken in the source too). An image referenced only as one
     * post's `image_path` becomes that post's thumbnail, any other an upload. Page copies come
     * with their posts (`PageCopyBackup.prepareRestored`: HTML sanitized again, measures worked
     * out here, a copy over this server's limits restored as failed), their snapshots written
     * in the transaction; a restored link post that brings no copy and whose preview is not
     * fetched again gets its copy queued when the actor has automatic copies on (one whose
     * preview is fetched again gets it once the preview ends, as a new link does).
     * @throws 409 when the account is not empty; 422 when the file is not a valid backup, one
     *   of its images fails a check or one of its snapshots is not gzip data. Nothing is written
     *   then: images and snapshots written before a failure (of any kind) are removed again.
     */
    async restore(actor: UserActor, file: Upload): Promise<RestoreResult> {
      if (!(await isAccountEmpty(db, actor.userId))) throw conflict(NOT_EMPTY);
      const backup = await inTurns(parseBackup(file.bytes));
      const images = await files.writeRestored(backup.files);
      const snapshots: string[] = [];
      let result: RestoreResult;
      try {
        const newPaths = new Map(images.map((image) => [image.backupPath, image.path]));
        const posts = await inTurns(restoredPosts(backup, newPaths));
        assertCopiesOfLinks(backup, posts);
        const restoredCopies = await copies.prepareRestored(backup.page_copies);
        result = await restoreRows(actor, backup, posts, images, {
          copies: restoredCopies,
          written: snapshots,
        });
      } catch (error) {
        await files.removeRestored(images);
        await copies.removeSnapshots(snapshots);
        throw error;
      }
      onPreviewsDue();
      onCopiesDue();
      return result;
    },
  };

  /**
   * The rows of `backup` written into the actor's account in one transaction, its posts already
   * prepared and `images` already written, each kind of row by a step of its own below. The
   * page copies' snapshots are written in it too, each name added to `pageCopies.written` first.
   * @throws 409 when the account is no longer empty.
   */
  function restoreRows(
    actor: UserActor,
    backup: ParsedBackup,
    posts: RestoredPosts,
    images: readonly RestoredFile[],
    pageCopies: { copies: readonly RestoredCopy[]; written: string[] },
  ): Promise<RestoreResult> {
    return db.transaction().execute(async (trx) => {
      const userId = actor.userId;
      await lockAccount(trx, userId);
      if (!(await isAccountEmpty(trx, userId))) throw conflict(NOT_EMPTY);
      const collectionIds = await restoreCollections(trx, userId, backup.collections);
      const tagIds = await restoreTags(trx, userId, backup.tags);
      const postIds = await restorePosts(trx, userId, posts.rows, collectionIds);
      await restoreTagLinks(trx, backup.posts, postIds, tagIds);
      const renewed = await restorePublicShares(trx, userId, backup.public_shares, {
        collectionIds,
        now: clock().toISOString(),
      });
      const privateShares = await restorePrivateShares(
        trx,
        userId,
        backup.private_shares,
        collectionIds,
      );
      await files.recordRestored(trx, userId, restoredImages(images, posts, postIds));
      const indexOf = new Map(backup.posts.map((post, index) => [post.id, index]));
      const copied = await copies.writeRestored(
        trx,
        userId,
        pageCopies.copies,
        (backupPostId) => postIds[indexOf.get(backupPostId)!]!,
        pageCopies.written,
      );
      const withCopy = new Set(pageCopies.copies.map((copy) => copy.backupPostId));
      await copies.queueRestored(
        trx,
        posts.rows.flatMap((row, index) =>
          row.url !== null &&
          row.preview_status !== 'pending' &&
          !withCopy.has(backup.posts[index]!.id)
            ? [postIds[index]!]
            : [],
        ),
      );
      return {
        collections: backup.collections.length,
        posts: backup.posts.length,
        tags: backup.tags.length,
        public_shares: backup.public_shares.length,
        public_shares_renewed: renewed,
        private_shares: privateShares,
        private_shares_dropped: backup.private_shares.length - privateShares,
        page_copies: copied.saved,
        page_copies_skipped: copied.failed,
      };
    });
  }
}

/**
 * Writes the backup's collections as the user's, level by level, so that a parent's new id is
 * known before its children. @returns the new id of each, by its id in the backup.
 */
async function restoreCollections(
  trx: Db,
  userId: number,
  collections: ParsedBackup['collections'],
): Promise<Map<number, number>> {
  const collectionIds = new Map<number, number>();
  for (const level of levelsOf(collections)) {
    const ids = await insertCollections(
      trx,
      level.map((row) => ({
        user_id: userId,
        parent_id: row.parent_id === null ? null : collectionIds.get(row.parent_id)!,
        name: row.name,
        icon_id: row.icon_id,
        local_order: row.local_order,
        created_at: row.created_at,
        updated_at: row.updated_at,
      })),
    );
    for (const [index, row] of level.entries()) collectionIds.set(row.id, ids[index]!);
  }
  return collectionIds;
}

/** Writes the backup's tags as the user's. @returns the new id of each, by its id in the backup. */
async function restoreTags(
  trx: Db,
  userId: number,
  tags: ParsedBackup['tags'],
): Promise<Map<number, number>> {
  const newTagIds = await insertTags(
    trx,
    tags.map((tag) => ({
      user_id: userId,
      name: tag.name,
      name_key: tagNameKey(tag.name),
      created_at: tag.created_at,
    })),
  );
  return new Map(tags.map((tag, index) => [tag.id, newTagIds[index]!]));
}

/**
 * Writes the prepared posts as the user's, in their new collections, WRITE_SLICE at a time with
 * a turn of the event loop between slices (on SQLite, statements run synchronously on the
 * writer). @returns the new ids, in the order of `rows` (the backup's).
 */
async function restorePosts(
  trx: Db,
  userId: number,
  rows: RestoredPosts['rows'],
  collectionIds: ReadonlyMap<number, number>,
): Promise<number[]> {
  const postIds: number[] = [];
  for (const slice of batches(rows, WRITE_SLICE)) {
    const owned = slice.map((row) => ({
      ...row,
      user_id: userId,
      collection_id: row.collection_id === null ? null : collectionIds.get(row.collection_id)!,
    }));
    postIds.push(...(await insertPosts(trx, owned)));
    await nextTurn();
  }
  return postIds;
}

/**
 * Links the restored posts (`postIds`, in the backup's order) to their restored tags (`tagIds`,
 * by backup id), WRITE_SLICE links at a time with a turn of the event loop between slices.
 */
async function restoreTagLinks(
  trx: Db,
  posts: ParsedBackup['posts'],
  postIds: readonly number[],
  tagIds: ReadonlyMap<number, number>,
): Promise<void> {
  const links = posts.flatMap((post, index) =>
    [...new Set(post.tag_ids)].map((tagId) => ({
      post_id: postIds[index]!,
      tag_id: tagIds.get(tagId)!,
    })),
  );
  for (const slice of batches(links, WRITE_SLICE)) {
    await linkTags(trx, slice);
    await nextTurn();
  }
}

/**
 * Writes the backup's public shares on the restored collections. A token in use, used before
 * (SECURITY.md: a retired link never opens anything again) or easy to guess is replaced by a
 * generated one; every token written is recorded as used at `now`.
 * @returns how many tokens were replaced.
 */
async function restorePublicShares(
  trx: Db,
  userId: number,
  shares: ParsedBackup['public_shares'],
  context: { collectionIds: ReadonlyMap<number, number>; now: string },
): Promise<number> {
  const backupTokens = shares.map((share) => share.token);
  const taken = new Set([
    ...(await listTakenShareTokens(trx, backupTokens)),
    ...(await listUsedShareTokens(trx, backupTokens)),
  ]);
  for (const token of backupTokens) {
    if ((await tokenEntropyBits(token)) < TOKEN_MIN_BITS) taken.add(token);
  }
  const restoredTokens = shares.map((share) =>
    taken.has(share.token) ? randomAlphanumeric(SHARE_TOKEN_LENGTH) : share.token,
  );
  await recordUsedShareTokens(trx, restoredTokens, context.now);
  await insertPublicShares(
    trx,
    shares.map((share, index) => ({
      collection_id: context.collectionIds.get(share.collection_id)!,
      token: restoredTokens[index]!,
      is_active: share.is_active ? 1 : 0,
      include_descendants: share.include_descendants ? 1 : 0,
      permission: 4,
      created_by: userId,
      created_at: share.created_at,
    })),
  );
  return shares.filter((share) => taken.has(share.token)).length;
}

/**
 * Writes the backup's private shares on the restored collections, for the members who have an
 * account here (other than the user). @returns how many were written.
 */
async function restorePrivateShares(
  trx: Db,
  userId: number,
  shares: ParsedBackup['private_shares'],
  collectionIds: ReadonlyMap<number, number>,
): Promise<number> {
  const members = await listUserIdsByEmail(
    trx,
    shares.map((share) => normalizeEmail(share.member_email)),
  );
  const rows = shares.flatMap((share) => {
    const memberId = members.get(normalizeEmail(share.member_email));
    return memberId === undefined || memberId === userId
      ? []
      : [
          {
            collection_id: collectionIds.get(share.collection_id)!,
            user_id: memberId,
            permission: share.permission,
            created_by: userId,
            created_at: share.created_at,
          },
        ];
  });
  await insertPrivateShares(trx, rows);
  return rows.length;
}

/**
 * The restored images as the files service records them: an image referenced only as one post's
 * `image_path` becomes that post's thumbnail (`postIds` by the backup's post index), any other an
 * upload.
 */
function restoredImages(
  images: readonly RestoredFile[],
  posts: RestoredPosts,
  postIds: readonly number[],
) {
  return images.map((image) => {
    const showing = posts.showing.get(image.backupPath) ?? [];
    const thumbnail = !posts.inContent.has(image.path) && showing.length === 1;
    return { file: image, thumbnailOf: thumbnail ? postIds[showing[0]!]! : null };
  });
}

/**
 * @throws 422 when a page copy of the backup belongs to a post that is not a link once restored
 *   (its type follows from its content).
 */
function assertCopiesOfLinks(backup: ParsedBackup, posts: RestoredPosts): void {
  const indexOf = new Map(backup.posts.map((post, index) => [post.id, index]));
  const notLinks = backup.page_copies
    .filter((copy) => posts.rows[indexOf.get(copy.post_id)!]!.url === null)
    .map((copy) => `page_copies: post ${copy.post_id} has a page copy but is not a link post`);
  if (notLinks.length > 0) {
    throw unprocessable(`This backup is damaged: ${notLinks.slice(0, 3).join('; ')}.`);
  }
}

/**
 * The account read by `readAccount` as a backup without its files and page copies, exported at
 * `exportedAt`.
 */
function backupHead(
  account: Awaited<ReturnType<typeof readAccount>>,
  exportedAt: string,
): Omit<AccountBackup, 'files' | 'page_copies'> {
  const tagIds = new Map<number, number[]>();
  for (const link of account.postTags) {
    const list = tagIds.get(link.post_id) ?? [];
    list.push(link.tag_id);
    tagIds.set(link.post_id, list);
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exported_at: exportedAt,
    account: account.user,
    collections: account.collections.map((row) => ({
      id: row.id,
      parent_id: row.parent_id,
      name: row.name,
      icon_id: row.icon_id,
      local_order: row.local_order,
      created_at: row.created_at,
      updated_at: row.updated_at,
    })),
    tags: account.tags.map((row) => ({
      id: row.id,
      name: row.name,
      created_at: row.created_at,
    })),
    posts: account.posts.map((row) => ({
      id: row.id,
      collection_id: row.collection_id,
      type: row.type,
      title: row.title,
      content: row.content,
      url: row.url,
      base_url: row.base_url,
      description: row.description,
      color: row.color,
      image_path: row.image_path,
      order: row.order,
      // The format's key for it (contract accountBackupSchema reads it back as binned_at).
      archived_at: row.binned_at,
      preview_status: row.preview_status,
      created_at: row.created_at,
      updated_at: row.updated_at,
      tag_ids: (tagIds.get(row.id) ?? []).sort((a, b) => a - b),
    })),
    public_shares: account.publicShares.map((row) => ({
      collection_id: row.collection_id,
      token: row.token,
      is_active: row.is_active === 1,
      include_descendants: row.include_descendants === 1,
      created_at: row.created_at,
    })),
    private_shares: account.privateShares.map((row) => ({
      collection_id: row.collection_id,
      member_email: row.member_email,
      permission: row.permission as 4 | 7,
      created_at: row.created_at,
    })),
  };
}

/** Posts checked or prepared between two pauses of a restore: a few milliseconds of work. */
const RESTORE_SLICE = 250;
/** Rows written per statement group between two turns of the event loop. */
const WRITE_SLICE = 1000;

/** The schema of one post in a backup. */
const backupPostSchema = accountBackupSchema.shape.posts.element;

/**
 * The backup in `bytes`, checked whole: shape (contract `accountBackupSchema`) and references
 * (every id it refers to exists in it, collections form a tree, names that must be unique are).
 * Posts are checked a slice at a time, pausing (yielding) in between (`inTurns`); the JSON itself
 * is parsed in one go.
 * @returns the backup, as the generator's return value.
 * @throws 422 naming the first problems.
 */
export function* parseBackup(bytes: Uint8Array): Generator<void, ParsedBackup> {
  let json: unknown;
  try {
    json = parseJsonWithoutNul(new TextDecoder().decode(bytes));
  } catch {
    throw unprocessable('This file is not a Nestmark backup: it is not JSON.');
  }
  yield;
  const header = json as { format?: unknown; version?: unknown } | null;
  if (header?.format !== BACKUP_FORMAT) {
    throw unprocessable(
      'This file is not a Nestmark backup. To bring in bookmarks from a browser or another service, use "Import bookmarks".',
    );
  }
  if (typeof header.version === 'number' && header.version > BACKUP_VERSION) {
    throw unprocessable(
      `This backup was made by a newer version of Nestmark (format ${header.version}). Update this server, then restore it.`,
    );
  }
  const damaged = (issues: readonly z.core.$ZodIssue[], path: PropertyKey[] = []) => {
    const problems = issues
      .slice(0, 3)
      .map((issue) => `${[...path, ...issue.path].map(String).join('.')}: ${issue.message}`);
    return unprocessable(`This backup is damaged: ${problems.join('; ')}.`);
  };
  // Everything but the posts and the page copies at once, then the posts a slice at a time and
  // the copies (each may be megabytes) one at a time.
  const { posts: rawPosts, page_copies: rawCopies } = header as {
    posts?: unknown;
    page_copies?: unknown;
  };
  const parsed = accountBackupSchema.safeParse({
    ...header,
    posts: Array.isArray(rawPosts) ? [] : rawPosts,
    page_copies: Array.isArray(rawCopies) ? [] : rawCopies,
  });
  if (!parsed.success) throw damaged(parsed.error.issues);
  const posts: ParsedBackup['posts'] = [];
  for (const [index, raw] of (rawPosts as unknown[]).entries()) {
    const post = backupPostSchema.safeParse(raw);
    if (!post.success) throw damaged(post.error.issues, ['posts', index]);
    posts.push(post.data);
    if (index % RESTORE_SLICE === RESTORE_SLICE - 1) yield;
  }
  const pageCopies: ParsedBackup['page_copies'] = [];
  for (const [index, raw] of (Array.isArray(rawCopies) ? (rawCopies as unknown[]) : []).entries()) {
    const copy = backupPageCopySchema.safeParse(raw);
    if (!copy.success) throw damaged(copy.error.issues, ['page_copies', index]);
    pageCopies.push(copy.data);
    yield;
  }
  const backup = { ...parsed.data, posts, page_copies: pageCopies };
  const problems = referenceProblems(backup);
  if (problems.length > 0) {
    throw unprocessable(`This backup is damaged: ${problems.slice(0, 3).join('; ')}.`);
  }
  return backup;
}

/** A backup's posts as rows to write, and where its images are referred to. */
interface RestoredPosts {
  /** In the backup's order; `collection_id` is still the backup's (the new id is known later). */
  rows: (Omit<NewPostRow, 'user_id' | 'collection_id'> & { collection_id: number | null })[];
  /** New paths of images that some post's HTML refers to. */
  inContent: Set<string>;
  /** Backup paths of images shown as a post's `image_path`: by path, the indexes of the posts. */
  showing: Map<string, number[]>;
}

/**
 * Prepares a backup's posts for writing, pausing (yielding) after every slice: HTML sanitized
 * again (a backup is just a file), with references to the backup's images rewritten to
 * `newPaths` (backup path to new path), search documents, live posts of each list numbered 1..n
 * by the backup's orders (docs/API.md "Post lists"), and previews not yet fetched queued again.
 * @returns the rows, as the generator's return value.
 */
function* restoredPosts(
  backup: ParsedBackup,
  newPaths: ReadonlyMap<string, string>,
): Generator<void, RestoredPosts> {
  const tagNameOf = new Map(backup.tags.map((tag) => [tag.id, tag.name]));
  const orders = denseOrders(backup.posts);
  const restored: RestoredPosts = { rows: [], inContent: new Set(), showing: new Map() };
  for (const [index, post] of backup.posts.entries()) {
    // References are rewritten in the sanitized HTML, where every attribute is written the one
    // way the sanitizer writes it.
    const sanitized = postContentFields(post.content, post.title);
    const fields = { ...sanitized, content: replaceFilePaths(sanitized.content, newPaths) };
    for (const path of filePathsIn(fields.content)) restored.inContent.add(path);
    if (post.image_path !== null) {
      restored.showing.set(post.image_path, [
        ...(restored.showing.get(post.image_path) ?? []),
        index,
      ]);
    }
    const tagNames = [...new Set(post.tag_ids)].map((id) => tagNameOf.get(id)!);
    restored.rows.push({
      ...fields,
      ...searchDocument({ ...fields, description: post.description, tagNames }),
      // A preview already fetched stays; anything else is fetched again.
      preview_status: fields.type === 'link' ? (post.preview_status ?? 'pending') : null,
      collection_id: post.collection_id,
      description: post.description,
      color: post.color,
      image_path:
        post.image_path === null ? null : (newPaths.get(post.image_path) ?? post.image_path),
      order: orders.get(post.id)!,
      binned_at: post.binned_at,
      created_at: post.created_at,
      updated_at: post.updated_at,
    });
    if (index % RESTORE_SLICE === RESTORE_SLICE - 1) yield;
  }
  return restored;
}

/** What in a well-shaped backup refers to nothing, repeats, or loops. */
function referenceProblems(backup: ParsedBackup): string[] {
  const problems: string[] = [];
  const unique = (what: string, keys: readonly unknown[]) => {
    if (new Set(keys).size !== keys.length) problems.push(`${what} repeat`);
  };
  unique(
    'collection ids',
    backup.collections.map((row) => row.id),
  );
  unique(
    'tag ids',
    backup.tags.map((row) => row.id),
  );
  unique(
    'tag names (ignoring case)',
    backup.tags.map((row) => tagNameKey(row.name)),
  );
  unique(
    'post ids',
    backup.posts.map((row) => row.id),
  );
  unique(
    'public shares of a collection',
    backup.public_shares.map((row) => row.collection_id),
  );
  unique(
    'private shares of a collection with a member',
    backup.private_shares.map((row) => `${row.collection_id} ${normalizeEmail(row.member_email)}`),
  );
  unique(
    'file paths',
    backup.files.map((row) => row.path),
  );
  unique(
    'page copies of a post',
    backup.page_copies.map((row) => row.post_id),
  );

  const parents = new Map(backup.collections.map((row) => [row.id, row.parent_id]));
  const tags = new Set(backup.tags.map((row) => row.id));
  const missing = (what: string, id: number) =>
    problems.push(`${what} refers to collection ${id}, which is not in the backup`);
  for (const [id, parent] of parents) {
    if (parent !== null && !parents.has(parent)) missing(`collection ${id}`, parent);
  }
  for (const post of backup.posts) {
    if (post.collection_id !== null && !parents.has(post.collection_id)) {
      missing(`post ${post.id}`, post.collection_id);
    }
    for (const tagId of post.tag_ids) {
      if (!tags.has(tagId))
        problems.push(`post ${post.id} refers to tag ${tagId}, which is not in the backup`);
    }
  }
  for (const share of [...backup.public_shares, ...backup.private_shares]) {
    if (!parents.has(share.collection_id)) missing('a share', share.collection_id);
  }
  const postIds = new Set(backup.posts.map((row) => row.id));
  for (const copy of backup.page_copies) {
    if (!postIds.has(copy.post_id)) {
      problems.push(`a page copy refers to post ${copy.post_id}, which is not in the backup`);
    }
  }
  const levels = levelsOf(backup.collections);
  if (problems.length === 0 && levels.flat().length !== parents.size) {
    problems.push('its collections do not form a tree (a collection is inside itself)');
  }
  if (levels.length > MAX_COLLECTION_DEPTH) {
    problems.push(
      `its collections are nested ${levels.length} levels deep, more than the ${MAX_COLLECTION_DEPTH} allowed`,
    );
  }
  return problems;
}

/**
 * Collections by depth: top level first, then their children, and so on. A collection in a loop
 * (its own ancestor) is in no level. Iterative, so any depth works.
 */
function levelsOf<T extends { id: number; parent_id: number | null }>(rows: readonly T[]): T[][] {
  const children = new Map<number | null, T[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const levels: T[][] = [];
  for (let level = children.get(null) ?? []; level.length > 0;) {
    levels.push(level);
    level = level.flatMap((row) => children.get(row.id) ?? []);
  }
  return levels;
}
