import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateBookmarkFile } from '../server/test/generated-bookmarks.ts';
import { SEED } from '../bench/harness.ts';
import { PROCESS_OWNER } from '../server/test/server-process.ts';

const flags = (process.env.FLAGS ?? '').split(' ').filter(Boolean);
const count = Number(process.env.COUNT ?? 100000);
const file = generateBookmarkFile({ count, seed: SEED });
const dataDir = mkdtempSync(join(tmpdir(), 'imp-'));
const port = 47000 + Math.floor(Math.random() * 1000);
const child = spawn(process.execPath, [...flags, 'dist/server/main.js'], {
  env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '0', IMPORT_MAX_MB: '200', OWNER_EMAIL: PROCESS_OWNER.email, OWNER_PASSWORD: PROCESS_OWNER.password, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
for (;;) { try { if ((await fetch(`${url}/api/health`)).ok) break; } catch {} await sleep(50); }
const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status())?.[1]) / 1024;
console.log('idle RSS', kb('VmRSS').toFixed(0));
const login = await (await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(PROCESS_OWNER) })).json() as any;
const headers = { authorization: `Bearer ${login.data.token.access_token}` };
const form = new FormData();
form.append('file', new Blob([file.html], { type: 'text/html' }), 'bookmarks.html');
const start = performance.now();
let job = ((await (await fetch(`${url}/api/imports`, { method: 'POST', headers, body: form })).json()) as any).data;
const samples: string[] = [];
while (job.status === 'running') {
  await sleep(100);
  job = ((await (await fetch(`${url}/api/imports/${job.id}`, { headers })).json()) as any).data;
  samples.push(`${((performance.now() - start) / 1000).toFixed(1)}s ${job.phase} rss=${kb('VmRSS').toFixed(0)}`);
}
console.log(samples.filter((_, i) => i % 5 === 0).join('\n'));
console.log('status', job.status, 'seconds', ((performance.now() - start) / 1000).toFixed(2), 'peak', kb('VmHWM').toFixed(0), 'MB', 'FLAGS', flags.join(' '));
child.kill();
rmSync(dataDir, { recursive: true, force: true });
