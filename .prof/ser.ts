import { compileResponseWriter } from '../server/http/serializer.ts';
import { postEndpoints } from '../contract/posts.ts';
import { readFileSync } from 'node:fs';
const page = JSON.parse(readFileSync('/work/prof/page.json', 'utf8'));
const write = compileResponseWriter(postEndpoints.list.response as any);
function t(name: string, f: () => string) {
  for (let i = 0; i < 5000; i++) f();
  for (let r = 0; r < 3; r++) { const c = process.cpuUsage(); for (let i = 0; i < 20000; i++) f(); const d = process.cpuUsage(c); console.log(name, ((d.user + d.system) / 20000).toFixed(1), 'µs'); }
}
console.log(write(page).length, JSON.stringify(page).length);
t('fjs', () => write(page));
t('JSON', () => JSON.stringify(page));
