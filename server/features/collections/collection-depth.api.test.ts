import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionEndpoints, MAX_COLLECTION_DEPTH } from '../../../contract/collections.ts';
import { bookmarksIoEndpoints } from '../../../contract/bookmarks-io.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import { shareEndpoints } from '../../../contract/shares.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { asNodes, withShared } from '../../test/collection-listing.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Inserts a chain of `levels` collections straight into the database; returns their ids, top first. */
async function insertChain(userId: number, levels: number): Promise<number[]> {
  const ids: number[] = [];
  const now = new Date().toISOString();
  for (let level = 0; level < levels; level++) {
    const row = await t.db
      .insertInto('collections')
      .values({
        user_id: userId,
        parent_id: ids.at(-1) ?? null,
        name: `Level ${level + 1}`,
        icon_id: null,
        local_order: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Creates a chain of `levels` collections through the API; returns their ids, top first. */
async function createChain(user: TestUser, levels: number): Promise<number[]> {
  const ids: number[] = [];
  for (let level = 0; level < levels; level++) {
    const made = await createAs(t, user).collection({
      name: `Level ${level + 1}`,
      parent_id: ids.at(-1),
    });
    ids.push(made.id);
  }
  return ids;
}

const countCollections = async (userId: number) =>
  (await t.db.selectFrom('collections').select('id').where('user_id', '=', userId).execute())
    .length;

describe(`collections at most ${MAX_COLLECTION_DEPTH} levels deep`, () => {
  it('creates down to the last level and refuses one below it with 422', async () => {
    const user = await t.createUser();
    const ids = await createChain(user, MAX_COLLECTION_DEPTH);
    const res = await t.call(collectionEndpoints.create, {
      token: user.token,
      body: { name: 'Too deep', parent_id: ids.at(-1) },
    });
    expect(res.status).toBe(422);
    expect(res.error?.code).toBe('UNPROCESSABLE');
    expect(res.error?.fields?.parent_id).toHaveLength(1);
    expect(await countCollections(user.id)).toBe(MAX_COLLECTION_DEPTH);
  });

  it('refuses a move that would put the moved collection or its sub-collections too deep', async () => {
    const user = await t.createUser();
    const ids = await createChain(user, MAX_COLLECTION_DEPTH - 2);
    const [branch] = (await createChain(user, 3)) as [number];
    const res = await t.call(collectionEndpoints.update, {
      token: user.token,
      params: { id: branch },
      body: { parent_id: ids.at(-1) },
    });
    expect(res.status).toBe(422);
    expect(res.error?.fields?.parent_id).toHaveLength(1);
    const unmoved = await t.call(collectionEndpoints.get, {
      token: user.token,
      params: { id: branch },
    });
    expect(unmoved.body.data.parent_id).toBeNull();

    const fits = await t.call(collectionEndpoints.update, {
      token: user.token,
      params: { id: branch },
      body: { parent_id: ids.at(-2) },
    });
    expect(fits.status).toBe(200);
  });

  it('refuses to restore a backup nested deeper with 422 and writes nothing', async () => {
    const source = await t.createUser();
    await createChain(source, 1);
    const backup = JSON.parse(
      (await t.call(bookmarksIoEndpoints.backup, { token: source.token })).text,
    );
    const now = backup.collections[0].created_at;
    backup.collections = Array.from({ length: MAX_COLLECTION_DEPTH + 1 }, (_, i) => ({
      id: i + 1,
      parent_id: i === 0 ? null : i,
      name: `Level ${i + 1}`,
      icon_id: null,
      local_order: 1,
      created_at: now,
      updated_at: now,
    }));
    const fresh = await t.createUser();
    const res = await t.call(bookmarksIoEndpoints.restore, {
      token: fresh.token,
      file: { name: 'backup.json', bytes: Buffer.from(JSON.stringify(backup)) },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.error?.message).toContain(`more than the ${MAX_COLLECTION_DEPTH} allowed`);
    expect(await countCollections(fresh.id)).toBe(0);

    backup.collections.pop();
    const fits = await t.call(bookmarksIoEndpoints.restore, {
      token: fresh.token,
      file: { name: 'backup.json', bytes: Buffer.from(JSON.stringify(backup)) },
    });
    expect(fits.status, fits.text).toBe(201);
    expect(await countCollections(fresh.id)).toBe(MAX_COLLECTION_DEPTH);
  });
});

describe('a collection tree far deeper than the limit (made before the limit existed)', () => {
  it('is still listed nested, to its owner, its members and its public link', async () => {
    const owner = await t.createUser();
    const member = await t.createUser();
    const ids = await insertChain(owner.id, 1000);
    const top = ids[0]!;
    const share = await t.call(shareEndpoints.createPrivate, {
      token: owner.token,
      body: { collection_id: top, user_id: member.id },
    });
    expect(share.status).toBe(201);
    const link = await t.call(shareEndpoints.createPublic, {
      token: owner.token,
      body: { collection_id: top, include_descendants: true },
    });
    expect(link.status, link.text).toBe(201);

    type Tree = { nested: readonly Tree[] };
    const depthOf = (nodes: readonly Tree[]): number => {
      let depth = 0;
      for (let level = nodes; level.length > 0; level = level[0]!.nested) depth++;
      return depth;
    };
    const mine = await t.call(collectionEndpoints.list, {
      token: owner.token,
      query: { nested: true, withShared: true },
    });
    expect(mine.status, mine.text).toBe(200);
    expect(depthOf(asNodes(withShared(mine.body.data).collections))).toBe(1000);
    const theirs = await t.call(collectionEndpoints.list, {
      token: member.token,
      query: { nested: true, withShared: true },
    });
    expect(theirs.status, theirs.text).toBe(200);
    expect(depthOf(asNodes(withShared(theirs.body.data).shared_collections))).toBe(1000);
    const deepest = await t.call(postEndpoints.list, {
      token: link.body.data.token,
      query: { collection_id: ids.at(-1) },
    });
    expect(deepest.status, deepest.text).toBe(200);
    const publicView = await t.call(shareEndpoints.me, { token: link.body.data.token });
    expect(publicView.status, publicView.text).toBe(200);
    expect(depthOf([publicView.body.data!.collection])).toBe(1000);
  });
});
