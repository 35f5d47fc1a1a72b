import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Migrations are append-only once they are on main: a database that ran a migration never runs
 * it again, so an edited migration would leave existing installations on a schema the code no
 * longer describes. This keeps the SHA-256 of every landed migration file; a new migration adds
 * its line here in the commit that adds it, and a changed one fails until it is put back (write a
 * new migration instead).
 */
const LANDED: Record<string, string> = {
  '0001-initial.ts': 'c4acc78d11df1975c959bd48ec419b5cd1d274e2af5c4f2f77fdb55a88dec18b',
  '0002-link-previews.ts': '81aeba6d011d6995588b8ea306ad54779227469abc0f6ac9ac9c51f305a0fead',
  '0003-accounts.ts': 'ed72f6a08c96854a694b278aa7645d9ba9959cb5439ec980b3a1f8a948a8a4e7',
  '0005-uploads-and-previews.ts':
    '77a7a883fe5a6ebbb0702ce542403674cd1581c141dcd0e1644910642b245e3e',
  '0006-search.ts': 'bbf286b90e2aad2f77bbcc79228923fbc63ab5c4d010a6f4abddd4f3fbc53bc3',
  '0007-import-jobs.ts': 'e48b31503b73cc6cf5167a48417752c9a1b6f0a7ff7fc17c5b4c21f6d1111038',
  '0009-security.ts': '81046f12c3d53fe296deb66975d7d50f61e4eb6aa6faa82c5ee055934dd304a3',
  '0010-post-sorts.ts': '4581839c196087862bd01de4f46d5d2e4c9937ff7880ffb1dbdbff966e755de8',
  '0011-preview-queue.ts': 'a1311c2aa60d07d095c7f755df0e80f60c02b686d3f3470f123677e9d3df5005',
  '0012-live-post-indexes.ts': 'a613ae3141a64516800b74261ab67f5a77f619a9e25842eb1cc9c56fe5ea08b1',
  '0013-search-title-index.ts': '4ac8786da664063ea3b1d198ce7b3f3be774841ce557b2880b96b32d4c0cc23d',
};

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
const files = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .sort();

describe('migrations', () => {
  it.each(Object.keys(LANDED))('%s is unchanged since it landed', (name) => {
    const digest = createHash('sha256')
      .update(readFileSync(`${MIGRATIONS_DIR}/${name}`))
      .digest('hex');
    expect(digest).toBe(LANDED[name]);
  });

  it('every migration file has its checksum recorded here', () => {
    expect(files).toEqual(Object.keys(LANDED).sort());
  });

  it('migrate.ts runs every migration file, in the order of their names', () => {
    const source = readFileSync(fileURLToPath(new URL('./migrate.ts', import.meta.url)), 'utf8');
    const registered = [...source.matchAll(/^\s*'([\w-]+)': \w+,$/gm)].map((match) => match[1]);
    expect(registered).toEqual(files.map((name) => name.replace(/\.ts$/, '')));
  });
});
