import type { z } from 'zod';
import type { CountedTag, tagBody } from '../../../contract/tags.ts';
import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/errors.ts';
import { assertTagAccess } from '../collections/collection-access.ts';
import { refreshSearchDocuments } from '../search/search-index.ts';
import {
  countLivePostsPerTag,
  countLivePostsTagged,
  deleteTag,
  insertTag,
  listPostIdsTagged,
  listTagsOf,
  mergeTagInto,
  renameTag,
} from './tags.repository.ts';
import { findTag, findTagNamed } from './post-tags.ts';

export type TagsService = ReturnType<typeof createTagsService>;

const taken = () =>
  conflict('You already have a tag with this name.', { name: ['is already a tag of yours'] });

/**
 * Tags (PRODUCT.md#tags, API.md): each user's own, names unique ignoring case. Posts also create
 * tags on first use through `tag_names`.
 */
export function createTagsService({ db, clock }: { db: Db; clock: Clock }) {
  async function getOwn(trx: Db, actor: UserActor, id: number) {
    const tag = await findTag(trx, id);
    assertTagAccess(actor, tag);
    return tag!;
  }

  return {
    /** The actor's tags, by name ignoring case, each with its live posts. */
    async list(actor: UserActor): Promise<CountedTag[]> {
      const tags = await listTagsOf(db, actor.userId);
      const counts = await countLivePostsPerTag(db, actor.userId);
      return tags.map((tag) => ({ ...tag, post_count: counts.get(tag.id) ?? 0 }));
    },

    /** @throws 404 */
    async get(actor: UserActor, id: number): Promise<CountedTag> {
      const tag = await getOwn(db, actor, id);
      return { id: tag.id, name: tag.name, post_count: await countLivePostsTagged(db, tag.id) };
    },

    /** @throws 409 when the actor has a tag of that name, ignoring case */
    async create(actor: UserActor, body: z.output<typeof tagBody>): Promise<CountedTag> {
      return db.transaction().execute(async (trx) => {
        if (await findTagNamed(trx, actor.userId, body.name)) throw taken();
        const tag = await insertTag(trx, actor.userId, body.name, clock().toISOString());
        return { ...tag, post_count: 0 };
      });
    },

    /**
     * Renames a tag; its posts are found by the new name. When another of the actor's tags has
     * that name ignoring case, merges instead, in one transaction: that tag keeps its id and
     * spelling, gains every post of this one (without duplicate links) and is returned; this
     * one is deleted. @throws 404
     */
    async update(
      actor: UserActor,
      id: number,
      body: z.output<typeof tagBody>,
    ): Promise<CountedTag> {
      return db.transaction().execute(async (trx) => {
        const tag = await getOwn(trx, actor, id);
        const postIds = await listPostIdsTagged(trx, tag.id);
        const namesake = await findTagNamed(trx, actor.userId, body.name, tag.id);
        if (namesake) await mergeTagInto(trx, tag.id, namesake.id);
        else await renameTag(trx, tag.id, body.name);
        await refreshSearchDocuments(trx, postIds);
        const survivor = (await findTag(trx, namesake?.id ?? tag.id))!;
        return {
          id: survivor.id,
          name: survivor.name,
          post_count: await countLivePostsTagged(trx, survivor.id),
        };
      });
    },

    /** Deletes a tag; its posts lose it and stay. @throws 404 */
    async delete(actor: UserActor, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const tag = await getOwn(trx, actor, id);
        const postIds = await listPostIdsTagged(trx, tag.id);
        await deleteTag(trx, tag.id);
        await refreshSearchDocuments(trx, postIds);
      });
    },
  };
}
