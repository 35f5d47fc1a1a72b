import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateBookmarkFile } from '../server/test/generated-bookmarks.ts';
import { SEED, startBenchServer } from '../bench/harness.ts';

const dialect = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'postgres';
const secs = Number(process.argv[3] ?? 5);
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
const res = await fetch(url, { headers });
const text = await res.text();
const page = JSON.parse(text);
(await import('node:fs')).writeFileSync('/work/prof/page.json', text);
if (process.env.X_PAGE_ONLY) process.exit(0);
console.log('bytes', text.length, 'headers', [...res.headers.keys()].join(','));
const bare = Fastify();
bare.get('/posts', () => page);
const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/posts`;
import { execFileSync } from 'node:child_process';
const N = Number(process.argv[4] ?? 20000);
function cpuPer(u: string, h: string[]): number {
  const before = process.cpuUsage();
  const t0 = performance.now();
  const args = ['node_modules/autocannon/autocannon.js', '-c', '10', '-a', String(N), '-j', ...h.flatMap((x) => ['-H', x]), u];
  // async spawn so the server keeps serving
  return new Promise<number>((resolve) => {
    const child = require_spawn(args, () => {
      const d = process.cpuUsage(before);
      resolve((d.user + d.system) / N);
    });
  }) as unknown as number;
}
import { spawn } from 'node:child_process';
function require_spawn(args: string[], done: () => void) {
  const c = spawn('node', args, { stdio: ['ignore', 'ignore', 'ignore'] });
  c.on('exit', done);
  return c;
}
const H = [`authorization=Bearer ${token}`];
await cpuPer(url, H); await cpuPer(bareUrl, []);
for (let i = 0; i < 2; i++) {
  const r = await cpuPer(url, H);
  const b = await cpuPer(bareUrl, []);
  console.log(dialect, 'cpu µs/req nestmark', r.toFixed(0), 'bare', b.toFixed(0), 'ratio', (100 * b / r).toFixed(1) + ' %');
}
await bare.close();
await server.close();
