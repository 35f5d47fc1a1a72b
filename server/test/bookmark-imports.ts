import { setTimeout as sleep } from 'node:timers/promises';
import type { ImportJob } from '../../contract/bookmarks-io.ts';
import { multipartFile, type TestApp, type TestResponse, type TestUser } from './test-app.ts';

/** `POST /api/imports` with the file; `query` is the query string without `?`. */
export function startImport(
  t: TestApp,
  user: TestUser,
  fileName: string,
  bytes: Buffer,
  query = '',
): Promise<TestResponse> {
  return t.request('POST', `/api/imports${query ? `?${query}` : ''}`, {
    token: user.token,
    ...multipartFile(fileName, bytes),
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
    const res = await t.request('GET', `/api/imports/${id}`, { token: user.token });
    if (res.status !== 200) throw new Error(`GET /api/imports/${id}: ${res.status} ${res.text}`);
    const job = res.body.data as ImportJob;
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
  query = '',
): Promise<ImportJob & { summary: NonNullable<ImportJob['summary']> }> {
  const res = await startImport(t, user, fileName, bytes, query);
  if (res.status !== 202) throw new Error(`POST /api/imports: ${res.status} ${res.text}`);
  const job = await waitForImport(t, user, res.body.data.id);
  if (job.status !== 'done' || job.summary === null) {
    throw new Error(`import of ${fileName} ${job.status}: ${job.error}`);
  }
  return job as ImportJob & { summary: NonNullable<ImportJob['summary']> };
}

interface CollectionNode {
  id: number;
  name: string;
  nested: CollectionNode[];
}

export interface PostView {
  id: number;
  title: string | null;
  url: string | null;
  type: string;
  content: string;
  description: string | null;
  collection_id: number | null;
  order: number;
  created_at: string;
  updated_at: string;
  preview_status: string | null;
  tags: { name: string }[];
}

/** What a user sees through the API: the collection tree, every live post with its folder path, tags. */
export async function accountView(t: TestApp, user: TestUser) {
  const tree = (await t.request('GET', '/api/collections?nested=true', { token: user.token })).body
    .data as CollectionNode[];
  const paths = new Map<number, string[]>();
  const pending = tree.map((node) => ({ node, path: [node.name] }));
  for (let item = pending.pop(); item; item = pending.pop()) {
    paths.set(item.node.id, item.path);
    for (const child of item.node.nested)
      pending.push({ node: child, path: [...item.path, child.name] });
  }
  const posts = (await t.request('GET', '/api/posts?limit=0&withTags=true', { token: user.token }))
    .body.data as PostView[];
  const tags = (await t.request('GET', '/api/tags', { token: user.token })).body.data as {
    name: string;
  }[];
  // Uncategorized posts (collection_id null) have the empty path.
  const pathOf = (post: PostView) =>
    post.collection_id === null ? [] : paths.get(post.collection_id)!;
  return { tree, paths, posts, tags, pathOf };
}
