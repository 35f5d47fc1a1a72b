import autocannon from 'autocannon';
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateBookmarkFile } from '../server/test/generated-bookmarks.ts';
import { SEED, startBenchServer } from '../bench/harness.ts';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const file = generateBookmarkFile({ count: 5_000, seed: SEED, perFolder: 5_000 });
const server = await startBenchServer(dialect);
const { token } = await server.signUp('reader@bench.test');
const headers = { authorization: `Bearer ${token}` };
const form = new FormData();
form.append('file', new Blob([file.html], { type: 'text/html' }), 'list.html');
let job = ((await (await fetch(`${server.url}/api/imports`, { method: 'POST', headers, body: form })).json()) as any).data;
while (job.status === 'running') {
  await sleep(20);
  job = ((await (await fetch(`${server.url}/api/imports/${job.id}`, { headers })).json()) as any).data;
}
if (dialect === 'postgres') await sql`analyze`.execute(server.db);
const collections = ((await (await fetch(`${server.url}/api/collections`, { headers })).json()) as any).data;
const folder = collections.find((c: any) => c.parent_id !== null);
const url = `${server.url}/api/posts?collection_id=${folder.id}&limit=20&withTags=true`;
const LOAD = { connections: 10, workers: 1 };
await autocannon({ url, headers, duration: 3, ...LOAD });
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
await session.post('Profiler.start');
const r = await autocannon({ url, headers, duration: 8, ...LOAD });
const { profile } = await session.post('Profiler.stop');
writeFileSync(`/work/prof/list-${dialect}.cpuprofile`, JSON.stringify(profile));
console.log('req/s', r.requests.average, 'errors', r.non2xx + r.errors);
await server.close();
