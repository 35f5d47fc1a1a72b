import { giveWay } from '../../lib/give-way.ts';
import type { Insertable } from 'kysely';
import {
  SUMMARY_EXAMPLES,
  type DuplicateMode,
  type ImportSummary,
} from '../../../contract/bookmarks-io.ts';
import { Permission } from '../../../contract/permissions.ts';
import { tagNameKey, type Tag } from '../../../contract/tags.ts';
import { withBulkWriteCache } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionRow, CollectionsTable, NewPostRow } from '../../db/schema.ts';
import type { UserActor } from '../../http/actor.ts';
import { AppError, unprocessable } from '../../lib/errors.ts';
import { normalizeUrl } from '../../lib/url-key.ts';
import { getAccessibleCollection } from '../collections/collection-access.ts';
import { subtreeIds } from '../collections/collection-tree.ts';
import {
  insertCollection,
  listCollectionsOwnedBy,
  listSiblingIds,
} from '../collections/collection-store.ts';
import { insertPosts } from '../posts/post-bulk-insert.ts';
import { ordersOnTop } from '../posts/post-order.ts';
import { findOrCreateTags } from '../tags/post-tags.ts';
import {
  insertCollections,
  insertPostTags,
  listLiveUrls,
  maxLiveOrders,
} from './bookmarks-io.repository.ts';
import { finishImportJob } from './import-jobs.repository.ts';
import { listStagedCollectionsBesidePublished, setLocalOrders } from './import-staging.ts';
import {
  importCollectionName,
  plannedPostColumns,
  type ImportPlan,
  type PlannedFolder,
  type PlannedPost,
} from './import-plan.ts';

/*
 * The save step of an import (docs/ARCHITECTURE.md, "Import pipeline", step 4): writing a plan
 * in short transactions, every row staged by the job (db/staging.ts), then publishing it in one.
 */

/** Posts written per transaction, and between two turns of the event loop. */
const WRITE_BATCH = 500;

/** How and by whom a plan is saved. */
export interface SaveOptions {
  /** The job whose rows these are: each row is staged by it until `publishImport`. */
  jobId: number;
  actor: UserActor;
  /** The existing collection to import into, as it was when the job started; null = a new one. */
  target: CollectionRow | null;
  fileName: string;
  duplicates: DuplicateMode;
  /** Aborted when the server shuts down: the save stops between two batches. */
  signal: AbortSignal;
  /** When the save began (ISO 8601): new collections and tags are stamped with it. */
  now: string;
  /** Told after each batch how many posts are written so far. */
  onProgress?: (created: number) => Promise<void>;
  /** Awaited before each batch with how many posts are written so far (a test seam). */
  beforeBatch?: (created: number) => Promise<void>;
}

/** What an existing target already holds (all empty for a new collection). */
interface TargetContents {
  /** Sub-collections in the target by parent id, then name (the first of each name). */
  childByName: Map<number, Map<string, number>>;
  /** How many sub-collections each collection in the target has. */
  childCount: Map<number, number>;
  /** Normalised URLs (`normalizeUrl`) of the live posts in the target. */
  urls: Set<string>;
  /** The ids of the target and of the collections below it. */
  inTarget: number[];
}

/** The collection an import lands in, who owns what it writes, and what is there already. */
interface Landing {
  rootId: number;
  ownerId: number;
  /** Collections created for it: 1 for a new top-level collection, else 0. */
  created: number;
  contents: TargetContents;
}

/** Posts that remain to be written, and the duplicates found in the target on the way. */
interface Kept {
  posts: PlannedPost[];
  inTarget: number;
  examples: ImportSummary['examples']['duplicates'];
}

/**
 * Writes the plan staged by the job, consuming its posts, in short transactions with a turn of
 * the event loop between them, so that other requests' writes go on: the collection it lands in
 * (new, or the target, which the actor must still be allowed to write to) and its folders
 * (inside an existing target, a folder joins an existing sub-collection of the same name), then
 * the tags, then the posts in batches with their tag links (URLs already in the target left out
 * with `skip`). The posts belong to the target's owner, or to the actor; each collection's new
 * posts go on top of it, the file's first bookmark first (PRODUCT.md#import-and-export). Nothing
 * of it is visible until `publishImport`; on failure the caller discards the staged rows.
 * @returns the import's summary.
 * @throws 422 when the actor may no longer write to the target, or it is gone; the signal's
 *   reason when it is aborted (shutdown), between two batches.
 */
export async function saveImport(
  db: Db,
  plan: ImportPlan,
  options: SaveOptions,
): Promise<ImportSummary> {
  // The target's contents are read before writing (on SQLite beside the writer): a duplicate
  // URL a post added there meanwhile brings is kept.
  const contents = options.target ? await targetContents(db, options.target) : emptyContents();
  const { landing, folderIds } = await staging(db, async (trx) => {
    const landing = await landingOf(trx, options, contents);
    return { landing, folderIds: await writeFolders(trx, plan.folders, landing, options) };
  });
  const kept = keepOutsideTarget(plan, landing.contents.urls, options.duplicates);
  const collectionOf = (post: PlannedPost) =>
    post.folder === null ? landing.rootId : folderIds.ids[post.folder]!;
  const heads = headsFirst(kept.posts, collectionOf, new Set(landing.contents.inTarget));
  const lists = kept.posts.map(collectionOf);
  // Tags first, so that each batch of posts can be linked to its tags right away: one batch
  // of links in memory at a time, not all of them.
  const names = tagNamesOf(kept.posts);
  const tags = await staging(db, (trx) =>
    findOrCreateTags(trx, landing.ownerId, names, options.now, options.jobId),
  );
  const created = await writePosts(db, kept.posts, {
    jobId: options.jobId,
    ownerId: landing.ownerId,
    collectionOf,
    // In the first batch's transaction, which holds the first (highest) post of every collection
    // that existed: a post created there later counts the staged ones and goes above them.
    ordersIn: async (trx) =>
      ordersOnTop(lists, await maxLiveOrders(trx, landing.contents.inTarget)),
    firstBatch: Math.max(WRITE_BATCH, heads),
    tags,
    signal: options.signal,
    onProgress: options.onProgress,
    beforeBatch: options.beforeBatch,
  });
  return {
    collection_id: landing.rootId,
    collections: landing.created + folderIds.created,
    posts: created,
    tags: tags.size,
    skipped: plan.skipped,
    duplicates: {
      total: plan.duplicatesInFile + kept.inTarget,
      in_target: kept.inTarget,
      in_file: plan.duplicatesInFile,
      kept: options.duplicates === 'keep',
    },
    examples: { skipped: plan.examples.skipped, duplicates: kept.examples },
  };
}

/**
 * Publishes what `saveImport` staged for the job, in one short transaction: the actor may still
 * write to the target; the new collections that sit beside published ones (the new top-level
 * collection, or new sub-collections of the target) go after those, which may have grown
 * meanwhile; and the job is marked done with its summary, which makes every staged row of it
 * visible at once (db/staging.ts). The markers are cleared afterwards (`unstageRows`).
 * @throws 422 when the actor may no longer write to the target, or it is gone; Error when the job
 *   is no longer running (another process marked it failed).
 */
export async function publishImport(
  db: Db,
  summary: ImportSummary,
  options: Pick<SaveOptions, 'jobId' | 'actor' | 'target'> & { finishedAt: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (options.target) await targetStillWritable(trx, options.actor, options.target);
    for (const group of await listStagedCollectionsBesidePublished(trx, options.jobId)) {
      const published = await listSiblingIds(trx, group.parentId, group.userId);
      await setLocalOrders(trx, group.ids, published.length + 1);
    }
    const finished = await finishImportJob(trx, options.jobId, {
      collection_id: summary.collection_id,
      created: summary.posts,
      summary: JSON.stringify(summary),
      finished_at: options.finishedAt,
    });
    if (!finished) throw new Error(`import ${options.jobId} is no longer running`);
  });
}

/** Runs `work` in a transaction of its own, with the small page cache of bulk writes. */
function staging<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute((trx) => withBulkWriteCache(trx, () => work(trx)));
}

/**
 * The collection the import lands in: the target, with what it holds (`contents`), or a new
 * top-level collection of the actor named after the file, placed after their others for now.
 * @throws 422 when the actor may no longer write to the target, or it is gone.
 */
async function landingOf(
  trx: Db,
  options: SaveOptions,
  contents: TargetContents,
): Promise<Landing> {
  if (options.target) {
    const target = await targetStillWritable(trx, options.actor, options.target);
    return { rootId: target.id, ownerId: target.user_id, created: 0, contents };
  }
  const ownerId = options.actor.userId;
  const topLevel = await listSiblingIds(trx, null, ownerId);
  const root = await insertCollection(trx, {
    userId: ownerId,
    parentId: null,
    name: importCollectionName(options.fileName),
    iconId: null,
    localOrder: topLevel.length + 1,
    now: options.now,
    stagedBy: options.jobId,
  });
  return { rootId: root.id, ownerId, created: 1, contents };
}

/** What a new collection holds: nothing. */
function emptyContents(): TargetContents {
  return { childByName: new Map(), childCount: new Map(), urls: new Set(), inTarget: [] };
}

/**
 * Before anything is written, and again when publishing: the actor may still write to the target
 * (its share may have been revoked meanwhile; security finding 10).
 * @returns the target as it is now.
 * @throws 422 when they no longer may, or the target is gone.
 */
async function targetStillWritable(
  trx: Db,
  actor: UserActor,
  target: CollectionRow,
): Promise<CollectionRow> {
  try {
    return await getAccessibleCollection(trx, actor, target.id, Permission.WRITE);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw unprocessable(
      'You can no longer add posts to the collection this import was going into (it was deleted or is no longer shared with you). Nothing of the import was saved.',
    );
  }
}

/** What the target and its sub-collections (all its owner's) hold: names, URLs, top orders. */
async function targetContents(db: Db, target: CollectionRow): Promise<TargetContents> {
  const owned = await listCollectionsOwnedBy(db, target.user_id);
  const inTarget = subtreeIds(owned, target.id);
  const inTargetSet = new Set(inTarget);
  const childByName = new Map<number, Map<string, number>>();
  const childCount = new Map<number, number>();
  for (const row of owned) {
    if (row.parent_id === null || !inTargetSet.has(row.parent_id)) continue;
    const names = childByName.get(row.parent_id) ?? new Map<string, number>();
    if (!names.has(row.name)) names.set(row.name, row.id);
    childByName.set(row.parent_id, names);
    childCount.set(row.parent_id, (childCount.get(row.parent_id) ?? 0) + 1);
  }
  const urls = new Set<string>();
  for (const url of await listLiveUrls(db, inTarget)) urls.add(normalizeUrl(url));
  return { childByName, childCount, urls, inTarget };
}

/**
 * Creates the plan's folders, staged by the job, one statement per level, so that a parent's id
 * is known before its children are written. A folder whose parent already has a sub-collection
 * of its name joins it; a new one goes after its parent's others. Updates
 * `landing.contents.childCount`.
 * @returns the collection id of each planned folder (by index), and how many were created.
 */
async function writeFolders(
  trx: Db,
  folders: readonly PlannedFolder[],
  landing: Landing,
  { now, jobId }: Pick<SaveOptions, 'now' | 'jobId'>,
): Promise<{ ids: number[]; created: number }> {
  const { childByName, childCount } = landing.contents;
  const ids: number[] = new Array<number>(folders.length);
  let created = 0;
  for (const level of folderLevels(folders)) {
    const indexes: number[] = [];
    const rows: Insertable<CollectionsTable>[] = [];
    for (const index of level) {
      const planned = folders[index]!;
      const parentId = planned.parent === null ? landing.rootId : ids[planned.parent]!;
      const existing = childByName.get(parentId)?.get(planned.name);
      if (existing !== undefined) {
        ids[index] = existing;
        continue;
      }
      const localOrder = (childCount.get(parentId) ?? 0) + 1;
      childCount.set(parentId, localOrder);
      const stamp = planned.addDate === null ? now : new Date(planned.addDate).toISOString();
      rows.push({
        user_id: landing.ownerId,
        parent_id: parentId,
        name: planned.name,
        icon_id: null,
        local_order: localOrder,
        created_at: stamp,
        updated_at: stamp,
        import_job_id: jobId,
      });
      indexes.push(index);
    }
    const inserted = await insertCollections(trx, rows);
    for (const [position, index] of indexes.entries()) ids[index] = inserted[position]!;
    created += inserted.length;
  }
  return { ids, created };
}

/** The indexes of the plan's folders by depth: top level first (parents come before children). */
function folderLevels(folders: readonly PlannedFolder[]): number[][] {
  const levelOf: number[] = new Array<number>(folders.length);
  const levels: number[][] = [];
  for (const [index, planned] of folders.entries()) {
    const level = planned.parent === null ? 0 : levelOf[planned.parent]! + 1;
    levelOf[index] = level;
    (levels[level] ??= []).push(index);
  }
  return levels;
}

/**
 * Takes the posts out of the plan (each batch then leaves memory once written, instead of the
 * plan holding every post to the end) and finds those whose URL is already in the target: they
 * are duplicates too, left out with `skip`. The plan's duplicate examples come first.
 */
function keepOutsideTarget(plan: ImportPlan, urls: Set<string>, duplicates: DuplicateMode): Kept {
  const examples = plan.examples.duplicates.slice();
  let inTarget = 0;
  const posts = plan.posts;
  plan.posts = [];
  // A new collection holds nothing yet: no URL to normalise (100,000 of them hold the process
  // for a quarter of a second).
  if (urls.size === 0) return { posts, inTarget, examples };
  let kept = 0;
  for (const post of posts) {
    if (post.url !== null && urls.has(normalizeUrl(post.url))) {
      inTarget += 1;
      if (examples.length < SUMMARY_EXAMPLES) {
        examples.push({ title: post.title, url: post.url, where: 'target' });
      }
      if (duplicates === 'skip') continue;
    }
    posts[kept++] = post;
  }
  posts.length = kept;
  return { posts, inTarget, examples };
}

/** The distinct tag names of `posts` (ignoring case: the last spelling of each). */
function tagNamesOf(posts: readonly PlannedPost[]): string[] {
  const names = new Map<string, string>();
  for (const post of posts) for (const name of post.tags) names.set(tagNameKey(name), name);
  return [...names.values()];
}

/**
 * Moves the first post of each collection in `existing` to the front of `posts`, the others
 * keeping their sequence (each collection's posts keep theirs, so `ordersOnTop` numbers them as
 * before). @returns how many were moved.
 */
function headsFirst(
  posts: PlannedPost[],
  collectionOf: (post: PlannedPost) => number,
  existing: ReadonlySet<number>,
): number {
  const seen = new Set<number>();
  const heads: PlannedPost[] = [];
  const rest: PlannedPost[] = [];
  for (const post of posts) {
    const collectionId = collectionOf(post);
    if (existing.has(collectionId) && !seen.has(collectionId)) {
      seen.add(collectionId);
      heads.push(post);
    } else rest.push(post);
  }
  let index = 0;
  for (const post of heads) posts[index++] = post;
  for (const post of rest) posts[index++] = post;
  return heads.length;
}

/**
 * Writes `posts` (emptying the array) staged by the job, WRITE_BATCH at a time (the first batch
 * `firstBatch`), each batch with its tag links in a transaction of its own followed by a turn of
 * the event loop, which lets other requests in, their writes too.
 * @param context.ordersIn the order of each post, by its index in `posts` (`ordersOnTop`),
 *   worked out in the first batch's transaction.
 * @param context.tags every tag the posts carry, by `tagNameKey`.
 * @returns how many posts were written.
 * @throws the signal's reason when it is aborted (shutdown), between two batches.
 */
async function writePosts(
  db: Db,
  posts: PlannedPost[],
  context: {
    jobId: number;
    ownerId: number;
    collectionOf: (post: PlannedPost) => number;
    ordersIn: (trx: Db) => Promise<readonly number[]>;
    firstBatch: number;
    tags: ReadonlyMap<string, Tag>;
    signal: AbortSignal;
    onProgress?: (created: number) => Promise<void>;
    beforeBatch?: (created: number) => Promise<void>;
  },
): Promise<number> {
  let created = 0;
  let orders: readonly number[] | undefined;
  while (posts.length > 0) {
    await context.beforeBatch?.(created);
    const batch = posts.splice(0, created === 0 ? context.firstBatch : WRITE_BATCH);
    const written = await staging(db, async (trx) => {
      orders ??= await context.ordersIn(trx);
      const rows = batch.map((post, offset) =>
        postRow(post, context.collectionOf(post), {
          ownerId: context.ownerId,
          order: orders![created + offset]!,
          jobId: context.jobId,
        }),
      );
      const ids = await insertPosts(trx, rows);
      // Each post's tag names are distinct ignoring case (the readers see to it): every pair is
      // new.
      await insertPostTags(
        trx,
        batch.flatMap((post, offset) =>
          post.tags.map((name) => ({
            post_id: ids[offset]!,
            tag_id: context.tags.get(tagNameKey(name))!.id,
          })),
        ),
      );
      return ids.length;
    });
    created += written;
    await context.onProgress?.(created);
    await giveWay();
    context.signal.throwIfAborted();
  }
  return created;
}

/**
 * The row of a planned post: live, staged by the job, no color or image, its preview due when it
 * is a link (fetched once published).
 */
function postRow(
  post: PlannedPost,
  collectionId: number,
  { ownerId, order, jobId }: { ownerId: number; order: number; jobId: number },
) {
  return {
    user_id: ownerId,
    collection_id: collectionId,
    ...plannedPostColumns(post),
    color: null,
    image_path: null,
    order,
    binned_at: null,
    import_job_id: jobId,
  } satisfies NewPostRow;
}
