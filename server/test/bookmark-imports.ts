import { setTimeout as sleep } from 'node:timers/promises';
import { bookmarksIoEndpoints, type ImportJob } from '../../contract/bookmarks-io.ts';
import { collectionEndpoints, type CollectionNode } from '../../contract/collections.ts';
import { postEndpoints, type Post } from '../../contract/posts.ts';
import { tagEndpoints, type Tag } from '../../contract/tags.ts';
import type { CallInput, TestApp, TestUser } from './test-app.ts';

/** The options of `POST /api/imports`: `collection_id` and `duplicates`. */
export type ImportQuery = CallInput<typeof bookmarksIoEndpoints.import>['query'];

/** `POST /api/imports` with the file and the options in `query`. */
export function startImport(
  t: TestApp,
  user: TestUser,
  fileName: string,
  bytes: Buffer,
  query: ImportQuery = {},
) {
  return t.call(bookmarksIoEndpoints.import, {
    token: user.token,
    query,
    file: { name: fileName, bytes },
  });
}

/** Polls `GET /api/imports/{id}` until the job is no longer running. */
export async function waitForImport(
  t: TestApp,
  user: TestUser,
  id: number,
  timeoutMs = 60_000,
): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call(bookmarksIoEndpoints.importJob, {
      token: user.token,
      params: { id },
    });
    // Reading the body of anything but a 200 throws, naming the status and the answer.
    const job = res.body.data;
    if (job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`import ${id} still running: ${res.text}`);
    await sleep(10);
  }
}

/** Starts an import and waits for it; throws unless it was accepted and finished. */
export async function importFile(
  t: TestApp,
  user: TestUser,
  fileName: string,
  bytes: Buffer,
  query: ImportQuery = {},
): Promise<ImportJob & { summary: NonNullable<ImportJob['summary']> }> {
  // Reading the body of anything but a 202 throws, naming the status and the answer.
  const started = (await startImport(t, user, fileName, bytes, query)).body.data;
  const job = await waitForImport(t, user, started.id);
  const { summary } = job;
  if (job.status !== 'done' || summary === null) {
    throw new Error(`import of ${fileName} ${job.status}: ${job.error}`);
  }
  return { ...job, summary };
}

/** A post as `GET /api/posts?withTags=true` lists it: with its tags. */
export type PostView = Post & { tags: Tag[] };

/** What a user sees through the API: the collection tree, every live post with its folder path, tags. */
export async function accountView(t: TestApp, user: TestUser) {
  const listing = await t.call(collectionEndpoints.list, {
    token: user.token,
    query: { nested: true },
  });
  // `nested=true` answers the tree; the contract's type is the union of every listing.
  const tree = listing.body.data as CollectionNode[];
  const paths = new Map<number, string[]>();
  const pending = tree.map((node) => ({ node, path: [node.name] }));
  for (let item = pending.pop(); item; item = pending.pop()) {
    paths.set(item.node.id, item.path);
    for (const child of item.node.nested)
      pending.push({ node: child, path: [...item.path, child.name] });
  }
  const listed = await t.call(postEndpoints.list, {
    token: user.token,
    query: { limit: 0, withTags: true },
  });
  // `withTags=true` gives every post its tags; the contract's post has them optional.
  const posts = listed.body.data as PostView[];
  const tags = (await t.call(tagEndpoints.list, { token: user.token })).body.data;
  // Uncategorized posts (collection_id null) have the empty path.
  const pathOf = (post: PostView) =>
    post.collection_id === null ? [] : paths.get(post.collection_id)!;
  return { tree, paths, posts, tags, pathOf };
}
