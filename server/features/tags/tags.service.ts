import type { z } from 'zod';
import type { Tag, tagBody } from '../../../contract/tags.ts';
import type { Db } from '../../db/database.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { conflict } from '../../lib/errors.ts';
import { assertTagAccess } from '../collections/collection-access.ts';
import { refreshSearchDocuments } from '../search/search.repository.ts';
import {
  deleteTag,
  findTag,
  findTagNamed,
  insertTag,
  listPostIdsTagged,
  listTagsOf,
  renameTag,
} from './tags.repository.ts';

export type TagsService = ReturnType<typeof createTagsService>;

const taken = () =>
  conflict('You already have a tag with this name.', { name: ['is already a tag of yours'] });

/**
 * Tags (SPEC §2 Tags, §7): each user's own, names unique ignoring case. Posts also create tags
 * on first use through `tag_names`.
 */
export function createTagsService({ db, clock }: { db: Db; clock: Clock }) {
  async function getOwn(trx: Db, actor: UserActor, id: number) {
    const tag = await findTag(trx, id);
    assertTagAccess(actor, tag);
    return tag!;
  }

  return {
    /** The actor's tags, by name ignoring case. */
    list(actor: UserActor): Promise<Tag[]> {
      return listTagsOf(db, actor.userId);
    },

    /** @throws 404 */
    async get(actor: UserActor, id: number): Promise<Tag> {
      const tag = await getOwn(db, actor, id);
      return { id: tag.id, name: tag.name };
    },

    /** @throws 409 when the actor has a tag of that name, ignoring case */
    async create(actor: UserActor, body: z.output<typeof tagBody>): Promise<Tag> {
      return db.transaction().execute(async (trx) => {
        if (await findTagNamed(trx, actor.userId, body.name)) throw taken();
        return insertTag(trx, actor.userId, body.name, clock().toISOString());
      });
    },

    /** Renames a tag; its posts are found by the new name. @throws 404, 409 */
    async update(actor: UserActor, id: number, body: z.output<typeof tagBody>): Promise<Tag> {
      return db.transaction().execute(async (trx) => {
        const tag = await getOwn(trx, actor, id);
        if (await findTagNamed(trx, actor.userId, body.name, tag.id)) throw taken();
        await renameTag(trx, tag.id, body.name);
        await refreshSearchDocuments(trx, await listPostIdsTagged(trx, tag.id));
        return { id: tag.id, name: body.name.trim() };
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
