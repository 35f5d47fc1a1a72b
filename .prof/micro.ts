import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateBookmarkFile } from '../server/test/generated-bookmarks.ts';
import { SEED, startBenchServer } from '../bench/harness.ts';
import { createPostsService } from '../server/features/posts/posts.service.ts';
import { listPosts } from '../server/features/posts/post-listing.ts';
import { systemClock } from '../server/lib/clock.ts';
import { sqliteHandleOf } from '../server/db/sqlite.ts';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const file = generateBookmarkFile({ count: 5_000, seed: SEED, perFolder: 5_000 });
const server = await startBenchServer(dialect);
const { token, userId } = await server.signUp('reader@bench.test');
const headers = { authorization: `Bearer ${token}` };
const form = new FormData();
form.append('file', new Blob([file.html], { type: 'text/html' }), 'list.html');
let job = ((await (await fetch(`${server.url}/api/imports`, { method: 'POST', headers, body: form })).json()) as any).data;
while (job.status === 'running') { await sleep(20); job = ((await (await fetch(`${server.url}/api/imports/${job.id}`, { headers })).json()) as any).data; }
if (dialect === 'postgres') await sql`analyze`.execute(server.db);
const collections = ((await (await fetch(`${server.url}/api/collections`, { headers })).json()) as any).data;
const folder = collections.find((c: any) => c.parent_id !== null);
const db = server.db;
const posts = createPostsService({ db, clock: systemClock });
const actor = { kind: 'user', userId, permission: 7 } as any;
const query = { collection_id: folder.id, limit: 20, withTags: true } as any;
async function time(name: string, n: number, f: () => Promise<unknown> | unknown) {
  for (let i = 0; i < 500; i++) await f();
  const t = performance.now();
  for (let i = 0; i < n; i++) await f();
  console.log(name.padEnd(30), ((performance.now() - t) * 1000 / n).toFixed(1), 'µs');
}
const listing = { kind: 'list', scope: { collectionId: folder.id }, ownedBy: userId } as any;
for (let k = 0; k < 0; k++) {
await time('service.list', 5000, () => posts.list(actor, query));
await time('listPosts tags+fav', 5000, () => listPosts(db, listing, { limit: 20, withTags: true, readerId: userId }));
await time('listPosts tags', 5000, () => listPosts(db, listing, { limit: 20, withTags: true }));
await time('listPosts notags', 5000, () => listPosts(db, listing, { limit: 20, withTags: false }));
}

import SQLite from 'better-sqlite3';
import { readFileSync } from 'node:fs';
if (dialect === 'sqlite') {
  const h = new SQLite(`${server.dataDir}/nestmark.db`, { readonly: true });
  const base = readFileSync('/work/prof/sql.txt', 'utf8').split('\n').find((l) => l.includes('json_group') && l.includes('favorites'))!.replace(/^SQL /, '').replace(/ PARAMS.*/, '');
  const variants: Record<string, string> = {
    full: base,
    noFavExists: base.replace(/, exists \(select "favorites".*?as "is_favorite"/, ', 0 as "is_favorite"'),
    tagsNoOrder: base.replace('order by tags.name_key)', ')'),
    noPublished: base.replace(/\("posts"\."import_job_id" is null or .*?'done'\)\) and /, '"posts"."import_job_id" is null and '),
    noContent: base.replace('"content", ', ''),
    bare: 'select "id", "user_id", "collection_id", "type", "title", "content", "url", "base_url", "description", "color", "image_path", "order", "binned_at", "preview_status", "created_at", "updated_at" from posts where collection_id = ? and binned_at is null order by "order" desc, id desc limit 20',
  };
  for (const [name, text] of [...Object.entries(variants), ...Object.entries(variants)].filter(([n]) => ['full','tagsNoOrder','noFavExists'].includes(n))) {
    const st = h.prepare(text); st.raw(true);
    const n = (text.match(/\?/g) ?? []).length;
    const params = name === 'bare' ? [folder.id] : [userId, folder.id, folder.id, userId].slice(4 - n);
    const run = () => st.all(...params);
    for (let i = 0; i < 2000; i++) run();
    for (let rep = 0; rep < 3; rep++) { const t = process.cpuUsage(); for (let i = 0; i < 10000; i++) run();
    const d = process.cpuUsage(t); console.log(name.padEnd(14), ((d.user + d.system) / 10000).toFixed(1), 'µs cpu', run().length); }
  }
  for (const r of h.prepare('explain query plan ' + base).all(userId, folder.id, folder.id, userId) as any[]) console.log(r.detail);
}
// raw statement
if (dialect === 'sqlite') {
  const h = sqliteHandleOf(db)!;
  const { listingSql } = await import('../server/features/posts/post-listing.ts') as any;
  const q = (await import('../server/features/posts/post-listing.ts') as any);
}

const compiled: string[] = [];
const origExec = (db as any).getExecutor();
if (dialect === 'sqlite') {
  const h = sqliteHandleOf(db)!;
  // capture SQL via kysely log not available; reconstruct with a query log
}
await server.close();
