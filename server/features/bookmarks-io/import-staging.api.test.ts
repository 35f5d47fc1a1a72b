import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookmarksIoEndpoints } from '../../../contract/bookmarks-io.ts';
import { collectionEndpoints } from '../../../contract/collections.ts';
import { Permission } from '../../../contract/permissions.ts';
import { postEndpoints } from '../../../contract/posts.ts';
import type { UserActor } from '../../http/actor.ts';
import { createAs } from '../../test/api-fixtures.ts';
import { accountView, waitForImport } from '../../test/bookmark-imports.ts';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createImportJobsService, INTERRUPTED, STALE_AFTER_MS } from './import-jobs.service.ts';

/*
 * Imports write staged rows in many short transactions and publish them in one
 * (docs/ARCHITECTURE.md, "Import pipeline"). An import is held between two of its batches
 * (`beforeBatch`) to look at everything from outside while it is half saved.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let mine: number;
beforeEach(async () => {
  t = await createTestApp();
  owner = await t.createUser();
  other = await t.createUser();
  const as = createAs(t, owner);
  mine = (await as.collection({ name: 'Mine' })).id;
  await as.post({ content: '<p>First note</p>', collection_id: mine, tag_names: ['existing'] });
  await as.post({ content: '<p>Second note</p>', collection_id: mine });
});
afterEach(() => t.close());

/** Bookmarks in the file: the first FOLDERED in a folder, the rest at its top level. */
const BOOKMARKS = 1200;
const FOLDERED = 600;
/** Where the import is held: two batches of posts written (posts of both kinds among them). */
const HELD_AT = 1000;

/** A Netscape file of BOOKMARKS "Zebrafish" links tagged `stagedtag` (and some `existing`). */
function bookmarkFile(): Buffer {
  const link = (index: number) =>
    `<DT><A HREF="https://staged.example/${index}" TAGS="stagedtag${index % 2 ? ',existing' : ''}">Zebrafish page ${index}</A>`;
  const folder = Array.from({ length: FOLDERED }, (_, index) => link(index));
  const top = Array.from({ length: BOOKMARKS - FOLDERED }, (_, index) => link(FOLDERED + index));
  return Buffer.from(
    [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      '<DT><H3>Imported folder</H3>',
      '<DL><p>',
      ...folder,
      '</DL><p>',
      ...top,
      '</DL><p>',
    ].join('\n'),
  );
}

/** A hold on an import before its batch after `at` posts; released with or without a failure. */
function holdAt(at: number) {
  let reached!: () => void;
  let release!: (failure?: Error) => void;
  const hold = {
    reached: new Promise<void>((resolve) => (reached = resolve)),
    released: new Promise<Error | undefined>((resolve) => (release = resolve)),
    release: (failure?: Error) => release(failure),
    async beforeBatch(created: number) {
      if (created !== at) return;
      reached();
      const failure = await hold.released;
      if (failure) throw failure;
    },
  };
  return hold;
}

/** An import service of its own on the test's database, held at `at`; errors it logs. */
function heldService(at = HELD_AT) {
  const hold = holdAt(at);
  const logged: unknown[] = [];
  const service = createImportJobsService({
    db: t.db,
    clock: t.clock,
    logError: (error) => logged.push(error),
    beforeBatch: (created) => hold.beforeBatch(created),
  });
  return { service, hold, logged };
}

function actorOf(user: TestUser): UserActor {
  return { kind: 'user', userId: user.id, sessionId: 'test', permission: Permission.FULL };
}

/** Starts the import into Mine and waits until it is held half saved. @returns the job id. */
async function startHeld(held: ReturnType<typeof heldService>): Promise<number> {
  const job = await held.service.start(
    actorOf(owner),
    { name: 'staged.html', bytes: bookmarkFile() },
    { collectionId: mine, duplicates: 'skip' },
  );
  await held.hold.reached;
  return job.id;
}

/** What the owner sees through the API, and what an export of theirs holds. */
async function ownerSees() {
  const { tree, posts, tags } = await accountView(t, owner);
  const search = await t.call(postEndpoints.list, {
    token: owner.token,
    query: { filter: 'zebrafish', limit: 0 },
  });
  const exported = await t.call(bookmarksIoEndpoints.export, { token: owner.token });
  return { tree, posts, tags, found: search.body.data, exported: exported.text };
}

/** Rows of the test's database still staged by an import (any). */
async function stagedRows(): Promise<number> {
  let rows = 0;
  for (const table of ['collections', 'tags', 'posts'] as const) {
    rows += (
      await t.db.selectFrom(table).select('id').where('import_job_id', 'is not', null).execute()
    ).length;
  }
  return rows;
}

/** The orders of the live posts of a collection, highest first. */
async function ordersIn(collectionId: number): Promise<number[]> {
  const res = await t.call(postEndpoints.list, {
    token: owner.token,
    query: { collection_id: collectionId, limit: 0 },
  });
  return res.body.data.map((post) => post.order);
}

/** n, n-1, …, 1: the orders of a dense list of n posts as it is listed. */
const dense = (n: number) => Array.from({ length: n }, (_, index) => n - index);

/** Writes by others while the import is held: each answers at once. */
async function writeMeanwhile() {
  const created = await t.call(postEndpoints.create, {
    token: other.token,
    body: { content: '<p>Written by another user meanwhile</p>' },
  });
  expect(created.status).toBe(201);
  const as = createAs(t, owner);
  const onTop = await as.post({ content: '<p>Added to Mine meanwhile</p>', collection_id: mine });
  const sub = await as.collection({ name: 'Sub', parent_id: mine });
  return { onTop, sub };
}

describe('an import half saved', () => {
  it('is invisible everywhere while others write, then appears whole with dense orders', async () => {
    const before = await ownerSees();
    const held = heldService();
    const id = await startHeld(held);
    expect(await stagedRows()).toBeGreaterThan(HELD_AT);

    const { onTop, sub } = await writeMeanwhile();
    const during = await ownerSees();
    // What the owner wrote meanwhile is there; nothing of the import is.
    expect(during.posts).toHaveLength(before.posts.length + 1);
    expect(during.found).toEqual([]);
    expect(during.exported).not.toContain('staged.example');
    expect(during.tags).toEqual(before.tags);
    expect(during.tree).toHaveLength(1);
    expect(during.tree[0]!.nested.map((node) => node.name)).toEqual(['Sub']);
    expect(during.tree[0]!.post_count).toBe(3);
    const staged = await t.db
      .selectFrom('posts')
      .select('id')
      .where('import_job_id', '=', id)
      .executeTakeFirstOrThrow();
    const one = await t.call(postEndpoints.get, { token: owner.token, params: { id: staged.id } });
    expect(one.status).toBe(404);
    const folder = await t.db
      .selectFrom('collections')
      .select('id')
      .where('import_job_id', '=', id)
      .executeTakeFirstOrThrow();
    const collection = await t.call(collectionEndpoints.get, {
      token: owner.token,
      params: { id: folder.id },
    });
    expect(collection.status).toBe(404);

    held.hold.release();
    const job = await waitForImport(t, owner, id);
    expect(job).toMatchObject({ status: 'done', summary: { posts: BOOKMARKS, collections: 1 } });
    const after = await ownerSees();
    expect(after.posts).toHaveLength(before.posts.length + 1 + BOOKMARKS);
    expect(after.found).toHaveLength(BOOKMARKS);
    expect(after.exported).toContain('https://staged.example/0"');
    expect(after.tags.map((tag) => [tag.name, tag.post_count])).toEqual([
      ['existing', 1 + BOOKMARKS / 2],
      ['stagedtag', BOOKMARKS],
    ]);
    // The sub-collection created meanwhile keeps its place; the import's folder goes after it.
    const nested = after.tree[0]!.nested;
    expect(nested.map((node) => [node.name, node.local_order])).toEqual([
      ['Sub', 1],
      ['Imported folder', 2],
    ]);
    expect(nested[0]!.id).toBe(sub.id);
    // Mine: its two posts, the import's top-level bookmarks above them, the post added meanwhile
    // on top; every list numbered 1..n.
    const inMine = 2 + (BOOKMARKS - FOLDERED) + 1;
    expect(await ordersIn(mine)).toEqual(dense(inMine));
    expect(
      (await t.call(postEndpoints.get, { token: owner.token, params: { id: onTop.id } })).body.data
        .order,
    ).toBe(inMine);
    expect(await ordersIn(nested[1]!.id)).toEqual(dense(FOLDERED));
    await held.service.close();
    expect(await stagedRows()).toBe(0);
  });

  it('numbers its posts above a post created in the target before its first batch', async () => {
    const held = heldService(0);
    const id = await startHeld(held);
    const before = await createAs(t, owner).post({
      content: '<p>Just before</p>',
      collection_id: mine,
    });
    held.hold.release();
    expect(await waitForImport(t, owner, id)).toMatchObject({ status: 'done' });
    const inMine = 3 + (BOOKMARKS - FOLDERED);
    expect(await ordersIn(mine)).toEqual(dense(inMine));
    const post = await t.call(postEndpoints.get, { token: owner.token, params: { id: before.id } });
    expect(post.body.data.order).toBe(3);
    await held.service.close();
  });

  it('that fails leaves nothing behind, and the lists it went into stay dense', async () => {
    const held = heldService();
    const id = await startHeld(held);
    await writeMeanwhile();
    const before = await ownerSees();

    const failure = new Error('the disk is full');
    held.hold.release(failure);
    const job = await waitForImport(t, owner, id);
    expect(job).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('Nothing of it was saved'),
    });
    expect(held.logged).toEqual([failure]);
    expect(await stagedRows()).toBe(0);
    // As before, but numbered densely again: the post added meanwhile went above the staged ones.
    const { posts: postsBefore, ...seenBefore } = before;
    const { posts, ...seen } = await ownerSees();
    expect(seen).toEqual(seenBefore);
    expect(posts.map((post) => post.id)).toEqual(postsBefore.map((post) => post.id));
    expect(await ordersIn(mine)).toEqual(dense(3));
    const names = await t.db.selectFrom('tags').select('name').orderBy('name').execute();
    expect(names.map((tag) => tag.name)).toEqual(['existing']);
    await held.service.close();
  });

  it('whose process died is marked interrupted at the next start, and its rows deleted', async () => {
    const before = await ownerSees();
    const held = heldService();
    const id = await startHeld(held);

    // Another process starts on the database; on PostgreSQL it takes over only a job whose
    // heartbeat stopped.
    t.clock.advance(STALE_AFTER_MS + 1);
    const next = createImportJobsService({ db: t.db, clock: t.clock, logError: () => {} });
    expect(await next.recoverInterrupted()).toBe(1);
    expect(await stagedRows()).toBe(0);
    expect((await waitForImport(t, owner, id)).error).toBe(INTERRUPTED);
    expect(await ownerSees()).toEqual(before);

    // The first process was not dead after all: what it goes on writing is never published.
    held.hold.release();
    await held.service.close();
    expect(await stagedRows()).toBe(0);
    expect(await ownerSees()).toEqual(before);
    expect(await waitForImport(t, owner, id)).toMatchObject({
      status: 'failed',
      error: INTERRUPTED,
    });
  });
});
