import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CHUNK_BYTES } from './file-store-database.ts';
import { createFileStore, type FileStore } from './file-store.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Bytes that differ from chunk to chunk, so chunks read back out of order would show. */
function pattern(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + (index >> 10)) % 251;
  return bytes;
}

// Every adapter keeps the same promises (docs/OPERATIONS.md#files), on both databases.
describe.each(['disk', 'database'] as const)('the %s file store', (kind) => {
  let store: FileStore;
  beforeAll(() => {
    store = createFileStore(kind, { dataDir: t.config.dataDir, db: t.db, clock: t.clock });
  });

  it('gives back what it was given, by area and name, and knows when it was written', async () => {
    const bytes = pattern(1000);
    await store.write('files', `${kind}-one.png`, bytes);
    await store.write('favicons', `${kind}-one.png`, Buffer.from('icon'));
    expect((await store.read('files', `${kind}-one.png`))?.equals(bytes)).toBe(true);
    expect((await store.read('favicons', `${kind}-one.png`))?.toString()).toBe('icon');
    const written = await store.modifiedAt('files', `${kind}-one.png`);
    expect(written).toBeInstanceOf(Date);
    expect(Number.isNaN(written!.getTime())).toBe(false);
  });

  it('answers undefined for a file it does not have', async () => {
    expect(await store.read('files', `${kind}-missing.png`)).toBeUndefined();
    expect(await store.modifiedAt('files', `${kind}-missing.png`)).toBeUndefined();
  });

  it('keeps a file of several chunks whole and in order, and an empty file', async () => {
    const large = pattern(CHUNK_BYTES * 2 + 12_345);
    await store.write('files', `${kind}-large.jpg`, large);
    expect((await store.read('files', `${kind}-large.jpg`))?.equals(large)).toBe(true);
    await store.write('files', `${kind}-empty.txt`, Buffer.alloc(0));
    expect((await store.read('files', `${kind}-empty.txt`))?.length).toBe(0);
  });

  it('replaces a file written again, leaving nothing of the longer old one', async () => {
    await store.write('files', `${kind}-again.png`, pattern(CHUNK_BYTES + 10));
    await store.write('files', `${kind}-again.png`, Buffer.from('short'));
    expect((await store.read('files', `${kind}-again.png`))?.toString()).toBe('short');
  });

  it('removes a file, and removing one it does not have is no error', async () => {
    await store.write('files', `${kind}-gone.png`, Buffer.from('x'));
    await store.remove('files', `${kind}-gone.png`);
    await store.remove('files', `${kind}-gone.png`);
    expect(await store.read('files', `${kind}-gone.png`)).toBeUndefined();
    expect(await store.list('files')).not.toContain(`${kind}-gone.png`);
  });

  it('lists the names of an area, each once', async () => {
    const names = await store.list('files');
    for (const name of [`${kind}-one.png`, `${kind}-large.jpg`, `${kind}-again.png`]) {
      expect(names.filter((listed) => listed === name)).toHaveLength(1);
    }
    expect(names).not.toContain(`${kind}-missing.png`);
    expect(await store.list('favicons')).toEqual(expect.arrayContaining([`${kind}-one.png`]));
  });

  it('refuses a name that could leave its place', async () => {
    for (const name of ['../escape.png', '.hidden', 'a/b.png', '', 'a..b']) {
      await expect(store.write('files', name, Buffer.from('x')), name).rejects.toThrow(
        /Unsafe file name/,
      );
      await expect(store.read('files', name), name).rejects.toThrow(/Unsafe file name/);
    }
  });
});
