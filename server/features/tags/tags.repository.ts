import { sql } from 'kysely';
import { tagNameKey, type Tag } from '../../../contract/tags.ts';
import type { Db } from '../../db/database.ts';
import { published, stagedPosts, unpublished } from '../../db/staging.ts';

export function listTagsOf(db: Db, userId: number): Promise<Tag[]> {
  return db
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .where(published('tags'))
    .orderBy('name_key')
    .orderBy('id')
    .execute();
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
 * Live posts per tag of a user: tag id → count; tags on no live post are absent. Three grouped
 * queries: every link of the user's tags, counted straight from the index of links by tag, less
 * the links of their posts in the recycle bin (few, and found through the index of posts by user
 * and binned_at), and less the links of posts an import has staged. Joining every link to its post instead costs a lookup per link: seconds at
 * 100,000 posts. A tag is only ever on its owner's posts.
 */
export async function countLivePostsPerTag(db: Db, userId: number): Promise<Map<number, number>> {
  const all = await db
    .selectFrom('post_tags')
    .select(['tag_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('tag_id', 'in', (eb) => eb.selectFrom('tags').select('id').where('user_id', '=', userId))
    .groupBy('tag_id')
    .execute();
  const inRecycleBin = await db
    .selectFrom('posts')
    .innerJoin('post_tags', 'post_tags.post_id', 'posts.id')
    .select(['post_tags.tag_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('posts.user_id', '=', userId)
    .where('posts.binned_at', 'is not', null)
    .groupBy('post_tags.tag_id')
    .execute();
  // Links of posts imports have staged, anyone's (none while no import runs); the staged posts
  // never go to the recycle bin.
  const { rows: staged } = await sql<{ tag_id: number; count: number | string }>`
    select post_tags.tag_id, count(*) as count
    from ${stagedPosts(db)} inner join post_tags on post_tags.post_id = posts.id
    where ${unpublished('posts')} group by post_tags.tag_id`.execute(db);
  const counts = new Map(all.map((row) => [row.tag_id, Number(row.count)]));
  for (const row of [...inRecycleBin, ...staged]) {
    const count = counts.get(row.tag_id);
    if (count !== undefined) counts.set(row.tag_id, count - Number(row.count));
  }
  return counts;
}

/** Live posts that carry one tag. */
export async function countLivePostsTagged(db: Db, tagId: number): Promise<number> {
  const row = await db
    .selectFrom('post_tags')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('post_tags.tag_id', '=', tagId)
    .where('posts.binned_at', 'is', null)
    .where(published('posts'))
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
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('post_tags as kept')
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
