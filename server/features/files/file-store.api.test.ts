import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ConfigError, fileStoreKinds, type S3Settings } from '../../config.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { CHUNK_BYTES } from './file-store-database.ts';
import { createFileStore, type FileStore } from './file-store.ts';

let t: TestApp;
let s3: TestS3Server;
beforeAll(async () => {
  t = await createTestApp();
  s3 = await startS3Server();
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

/** Bytes that differ from chunk to chunk, so chunks read back out of order would show. */
function pattern(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let index = 0; index < length; index++) bytes[index] = (index * 31 + (index >> 10)) % 251;
  return bytes;
}

// Every adapter keeps the same promises (docs/OPERATIONS.md#files), on both databases.
describe.each(fileStoreKinds)('the %s file store', (kind) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await createFileStore(kind, {
      dataDir: t.config.dataDir,
      db: t.db,
      clock: t.clock,
      s3: s3.settings,
    });
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

  it("writes in the caller's transaction: the database store's file commits or rolls back with it", async () => {
    await t.db.transaction().execute(async (trx) => {
      await store.write('snapshots', `${kind}-kept.gz`, Buffer.from('kept'), { transaction: trx });
    });
    expect((await store.read('snapshots', `${kind}-kept.gz`))?.toString()).toBe('kept');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await store.write('snapshots', `${kind}-undone.gz`, Buffer.from('undone'), {
          transaction: trx,
        });
        throw new Error('rolled back by the test');
      }),
    ).rejects.toThrow('rolled back by the test');
    // The other stores wrote at once: their caller removes such a file.
    expect((await store.read('snapshots', `${kind}-undone.gz`))?.toString()).toBe(
      kind === 'database' ? undefined : 'undone',
    );
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

describe('the s3 file store', () => {
  const storeWith = (settings: Partial<S3Settings> | undefined) =>
    createFileStore('s3', {
      dataDir: t.config.dataDir,
      db: t.db,
      clock: t.clock,
      s3: settings && { ...s3.settings, ...settings },
    });

  it('is refused without its settings, naming them', async () => {
    await expect(storeWith(undefined)).rejects.toThrow(ConfigError);
    await expect(storeWith(undefined)).rejects.toThrow(/S3_BUCKET, S3_REGION/);
  });

  it('is refused when its bucket cannot be used, naming the setting to look at', async () => {
    await expect(storeWith({ bucket: 'no-such-bucket' })).rejects.toThrow(
      /S3_BUCKET: the bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+ cannot be used/,
    );
    await expect(storeWith({ accessKeyId: 'NOBODY' })).rejects.toThrow(
      /S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: .* cannot be used/,
    );
    // Nothing listens on port 1.
    await expect(storeWith({ endpoint: 'http://127.0.0.1:1' })).rejects.toThrow(
      /S3_ENDPOINT: .* cannot be used: .*ECONNREFUSED/,
    );
  });

  it('is the only store that loads the AWS SDK: a server on another store never does', async () => {
    // A process of its own: this one has loaded the SDK for the tests above.
    const script = `
      import { createRequire } from 'node:module';
      const { createTestApp } = await import('./server/test/test-app.ts');
      const cache = createRequire(process.cwd() + '/').cache;
      const loaded = () => Object.keys(cache).some((path) => path.includes('/node_modules/@aws-sdk/'));
      const loadedWith = async (config) => {
        const app = await createTestApp({ config });
        await app.request('GET', '/api/health');
        await app.close();
        return loaded();
      };
      const disk = await loadedWith({ fileStore: 'disk' });
      const database = await loadedWith({ fileStore: 'database' });
      const s3 = await loadedWith({ fileStore: 's3', s3: ${JSON.stringify(s3.settings)} });
      process.stdout.write(JSON.stringify({ disk, database, s3 }));
    `;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(output)).toEqual({ disk: false, database: false, s3: true });
  });

  it('keeps a file as the object <area>/<name>, and lists no object below an area', async () => {
    const store = await storeWith({});
    await store.write('favicons', 'keyed.ico', Buffer.from('icon'));
    const client = new S3Client({
      endpoint: s3.settings.endpoint,
      region: s3.settings.region,
      forcePathStyle: true,
      credentials: s3.settings,
    });
    const object = await client.send(
      new GetObjectCommand({ Bucket: s3.settings.bucket, Key: 'favicons/keyed.ico' }),
    );
    expect(await object.Body?.transformToString()).toBe('icon');
    await client.send(
      new PutObjectCommand({ Bucket: s3.settings.bucket, Key: 'favicons/below/x.ico', Body: 'x' }),
    );
    expect(await store.list('favicons')).not.toContain('below/x.ico');
    expect(await store.list('favicons')).toContain('keyed.ico');
  });
});
