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

export function listTagsOf(db: Db, userId: number): Promise<Tag[]> {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .orderBy('name_key')
    .orderBy('id')
    .execute();
}

/**
 * The user's tags named `names`, created where missing; the existing spelling wins over a
 * different case. Returns a map from tag key to tag.
 */
export async function findOrCreateTags(
  db: Db,
  userId: number,
  names: readonly string[],
  now: string,
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
        })),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'name_key']).doNothing())
      .execute();
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

export async function insertTag(db: Db, userId: number, name: string, now: string): Promise<Tag> {
  return db
    .insertInto('tags')
    .values({ user_id: userId, name: name.trim(), name_key: tagNameKey(name), created_at: now })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function renameTag(db: Db, id: number, name: string): Promise<void> {
  await db
    .updateTable('tags')
    .set({ name: name.trim(), name_key: tagNameKey(name) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a tag; the database unlinks it from its posts. */
export async function deleteTag(db: Db, id: number): Promise<void> {
  await db.deleteFrom('tags').where('id', '=', id).execute();
}

/** Ids of the posts that carry a tag. */
export async function listPostIdsTagged(db: Db, tagId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('post_tags')
    .select('post_id')
    .where('tag_id', '=', tagId)
    .execute();
  return rows.map((row) => row.post_id);
}

/**
 * Live posts per tag of a user: tag id → count; tags on no live post are absent. Two grouped
 * queries: every link of the user's tags, counted straight from the index of links by tag, less
 * the links of their posts in the recycle bin (few, and found through the index of posts by user
 * and archived_at). Joining every link to its post instead costs a lookup per link: seconds at
 * 100,000 posts. A tag is only ever on its owner's posts.
 */
export async function countLivePostsPerTag(db: Db, userId: number): Promise<Map<number, number>> {
  const all = await db
    .selectFrom('post_tags')
    .select(['tag_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('tag_id', 'in', (eb) => eb.selectFrom('tags').select('id').where('user_id', '=', userId))
    .groupBy('tag_id')
    .execute();
  const trashed = await db
    .selectFrom('posts')
    .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
    .select(['post_tags.tag_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('posts.user_id', '=', userId)
    .where('posts.archived_at', 'is not', null)
    .groupBy('post_tags.tag_id')
    .execute();
  const counts = new Map(all.map((row) => [row.tag_id, Number(row.count)]));
  for (const row of trashed)
    counts.set(row.tag_id, (counts.get(row.tag_id) ?? 0) - Number(row.count));
  return counts;
}

/** Live posts that carry one tag. */
export async function countLivePostsTagged(db: Db, tagId: number): Promise<number> {
  const row = await db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('post_tags.tag_id', '=', tagId)
    .where('posts.archived_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Gives every post of tag `fromId` the tag `intoId` (posts that have both keep one link), then
 * deletes `fromId`.
 */
export async function mergeTagInto(db: Db, fromId: number, intoId: number): Promise<void> {
  await db
    .insertInto('post_tags')
    .columns(['post_id', 'tag_id'])
    .expression(
      db
        .selectFrom('post_tags as moving')
        .select(['moving.post_id', sql.lit(intoId).as('tag_id')])
        .where('moving.tag_id', '=', fromId)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('post_tags as kept')
                .select('kept.post_id')
                .whereRef('kept.post_id', '=', 'moving.post_id')
                .where('kept.tag_id', '=', intoId),
            ),
          ),
        ),
    )
    .execute();
  await deleteTag(db, fromId);
}
