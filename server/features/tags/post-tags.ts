/**
 * The tags feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): a user's tags looked up by id or name or created on the fly, linked to posts,
 * and read back with them. Every function takes the caller's `Db`, so it joins the caller's
 * transaction.
 */
import { sql, type RawBuilder } from 'kysely';
import { tagNameKey, type Tag } from '../../../contract/tags.ts';
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/dialect.ts';

// Keeps `IN (…)` lists and multi-row inserts well under SQLite's and PostgreSQL's bind limits.
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * The user's tags named `names`, created where missing; the existing spelling wins over a
 * different case. Returns a map from tag key to tag.
 * @param stagedBy an import job: the tags it creates are staged by it (db/staging.ts). Without
 *   it, a tag found staged by an import is published at once: a post outside the import uses it.
 */
export async function findOrCreateTags(
  db: Db,
  userId: number,
  names: readonly string[],
  now: string,
  stagedBy?: number,
): Promise<Map<string, Tag>> {
  const wanted = new Map<string, string>();
  for (const name of names) {
    const key = tagNameKey(name);
    if (!wanted.has(key)) wanted.set(key, name.trim());
  }
  const keys = [...wanted.keys()];
  for (const batch of chunks(keys)) {
    await db
      .insertInto('tags')
      .values(
        batch.map((key) => ({
          user_id: userId,
          name: wanted.get(key)!,
          name_key: key,
          created_at: now,
          import_job_id: stagedBy ?? null,
        })),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'name_key']).doNothing())
      .execute();
    if (stagedBy === undefined) {
      await db
        .updateTable('tags')
        .set({ import_job_id: null })
        .where('user_id', '=', userId)
        .where('name_key', 'in', batch)
        .where('import_job_id', 'is not', null)
        .execute();
    }
  }
  const tags = new Map<string, Tag>();
  for (const batch of chunks(keys)) {
    const rows = await db
      .selectFrom('tags')
      .select(['id', 'name', 'name_key'])
      .where('user_id', '=', userId)
      .where('name_key', 'in', batch)
      .execute();
    for (const row of rows) tags.set(row.name_key, { id: row.id, name: row.name });
  }
  return tags;
}

/** Links each post to its tags (pairs must be new). */
export async function linkTags(
  db: Db,
  links: readonly { post_id: number; tag_id: number }[],
): Promise<void> {
  for (const batch of chunks(links)) await db.insertInto('post_tags').values(batch).execute();
}

/** Makes `tagIds` the exact tag set of the post. */
export async function replacePostTags(
  db: Db,
  postId: number,
  tagIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('post_tags').where('post_id', '=', postId).execute();
  await linkTags(
    db,
    [...new Set(tagIds)].map((tag_id) => ({ post_id: postId, tag_id })),
  );
}

/**
 * A column for a query over `posts`: the post's tags by name, as a JSON array of `[id, name]`
 * pairs (text on SQLite, parsed by the driver on PostgreSQL); read it with `tagsOfColumn`. A page
 * of posts gets its tags in the same query, without a second round trip.
 */
export function tagsColumn(db: Db): RawBuilder<unknown> {
  if (dialectOf(db) === 'postgres') {
    // Each tag by its key: a join would be planned as a hash of all the user's tags for every
    // post (ten times slower for a page of 20 among 400 tags). `offset 0` keeps PostgreSQL from
    // turning the lateral lookup back into such a join.
    return sql`(select coalesce(json_agg(json_build_array(tags.id, tags.name)
      order by tags.name_key), '[]') from post_tags cross join lateral (select tags.id, tags.name,
      tags.name_key from tags where tags.id = post_tags.tag_id offset 0) tags
      where post_tags.post_id = posts.id)`;
  }
  return sql`(select json_group_array(json_array(tags.id, tags.name) order by tags.name_key)
    from post_tags inner join tags on tags.id = post_tags.tag_id
    where post_tags.post_id = posts.id)`;
}

/** The tags in a value of `tagsColumn`. */
export function tagsOfColumn(value: unknown): Tag[] {
  const pairs = (typeof value === 'string' ? JSON.parse(value) : value) as [number, string][];
  return pairs.map(([id, name]) => ({ id, name }));
}

/** The tags of each post, by name. */
export async function listTagsOfPosts(
  db: Db,
  postIds: readonly number[],
): Promise<Map<number, Tag[]>> {
  const byPost = new Map<number, Tag[]>(postIds.map((id) => [id, []]));
  for (const batch of chunks(postIds)) {
    const rows = await db
      .selectFrom('post_tags')
      .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
      .select(['post_tags.post_id', 'tags.id', 'tags.name'])
      .where('post_tags.post_id', 'in', batch)
      .orderBy('tags.name_key')
      .execute();
    for (const row of rows) byPost.get(row.post_id)?.push({ id: row.id, name: row.name });
  }
  return byPost;
}

/** The tag with id `id` (its id, name and owner), if any. */
export function findTag(db: Db, id: number) {
  return db
    .selectFrom('tags')
    .select(['id', 'name', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The user's tag whose name equals `name` ignoring case, other than `exceptId`. */
export function findTagNamed(db: Db, userId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('tags')
    .select('id')
    .where('user_id', '=', userId)
    .where('name_key', '=', tagNameKey(name));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.executeTakeFirst();
}
