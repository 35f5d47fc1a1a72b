import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authEndpoints } from '../../contract/auth.ts';
import type { AccountBackup } from '../../contract/bookmarks-io.ts';
import { collectionEndpoints } from '../../contract/collections.ts';
import { postEndpoints } from '../../contract/posts.ts';
import {
  readBookmarkFile,
  type BookmarkFile,
  type BookmarkNode,
} from '../features/bookmarks-io/netscape-reader.ts';
import { createDatabaseFileStore } from '../features/files/file-store-database.ts';
import { createDiskFileStore } from '../features/files/file-store-disk.ts';
import { createFileStore } from '../features/files/file-store.ts';
import { runCliProcess } from '../test/cli-process.ts';
import { corpusBookmarkFile } from '../test/corpus.ts';
import { startS3Server } from '../test/s3-server.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The command line as its own process on the test app's database: SQLite in DATA_DIR, or the
// fresh PostgreSQL database through DATABASE_URL. Commands are grouped per test: each process
// takes about a second to start.
let t: TestApp;
let env: Record<string, string | undefined>;
const scratch = mkdtempSync(join(tmpdir(), 'nestmark-cli-'));
beforeAll(async () => {
  t = await createTestApp({ sqliteFileInDataDir: true });
  env = { DATA_DIR: t.config.dataDir, DATABASE_URL: t.databaseUrl, LOG_LEVEL: 'silent' };
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

// Each test starts a few processes of about a second each (more on a loaded machine).
vi.setConfig({ testTimeout: 60_000 });

const nestmark = (args: string[], input?: string) => runCliProcess(args, { env, input });

const FIXTURE = corpusBookmarkFile('markio/nested_bookmarks.html');

/** Every bookmark URL of a bookmark file, sorted, and its folder names, in file order. */
function contentsOf(file: BookmarkFile): { urls: string[]; folders: string[] } {
  const urls: string[] = [];
  const folders: string[] = [];
  const pending: BookmarkNode[] = [...file.roots];
  for (let node = pending.shift(); node !== undefined; node = pending.shift()) {
    if (node.kind === 'folder') {
      folders.push(node.title);
      pending.push(...node.children);
    } else if (node.kind === 'bookmark') {
      urls.push(node.url);
    }
  }
  return { urls: urls.sort(), folders };
}

async function signIn(email: string, password: string) {
  return t.call(authEndpoints.login, { body: { email, password } });
}

/** The password a command printed on its `Password:` line. */
function printedPassword(stdout: string): string {
  const password = /^Password: (\S+)$/m.exec(stdout)?.[1];
  expect(password).toBeDefined();
  return password!;
}

describe('nestmark user', () => {
  const bobPassword = 'violet harbour lantern 1987';

  it('creates users who sign in through the API: the first one the owner, with a generated password', async () => {
    const ann = await nestmark(['user', 'create', '--email', 'Ann@Example.com', '--name', 'Ann']);
    expect(ann.stderr).toBe('');
    expect(ann.code).toBe(0);
    expect(ann.stdout).toMatch(/^Created the owner Ann <ann@example.com> \(id \d+\)\.$/m);
    const annLogin = await signIn('ann@example.com', printedPassword(ann.stdout));
    expect(annLogin.status).toBe(200);
    const annMe = await t.call(authEndpoints.me, {
      token: annLogin.body.data.token.access_token,
    });
    expect(annMe.body.data).toMatchObject({ name: 'Ann', permission: 255 });

    const bob = await nestmark(
      ['user', 'create', '--email', 'bob@example.com', '--name', 'Bob', '--password-stdin'],
      `${bobPassword}\n`,
    );
    expect(bob.code).toBe(0);
    expect(bob.stdout).toMatch(/^Created user Bob <bob@example.com> \(id \d+\)\.\n$/);
    const bobLogin = await signIn('bob@example.com', bobPassword);
    expect(bobLogin.status).toBe(200);
    const bobMe = await t.call(authEndpoints.me, { token: bobLogin.body.data.token.access_token });
    expect(bobMe.body.data.permission).toBe(7);
  });

  it('refuses an email in use (exit 1) and a password easy to guess (exit 2), creating nobody', async () => {
    const taken = await nestmark(['user', 'create', '--email', 'BOB@example.com', '--name', 'B']);
    expect(taken).toMatchObject({ code: 1, stdout: '' });
    expect(taken.stderr).toBe('error: This email address is already in use.\n');

    const weak = await nestmark(
      ['user', 'create', '--email', 'carol@example.com', '--name', 'Carol', '--password-stdin'],
      'password1234',
    );
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('This password is too easy to guess.');

    const list = await nestmark(['user', 'list']);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +NAME +EMAIL +ROLE +CREATED$/);
    expect(lines.slice(1).map((line) => line.split(/ {2,}/).slice(1, 4))).toEqual([
      ['Ann', 'ann@example.com', 'owner'],
      ['Bob', 'bob@example.com', 'user'],
    ]);
  });

  it('reset-password sets a new password and ends the sessions; an unknown email is named', async () => {
    const before = await signIn('bob@example.com', bobPassword);
    const token = before.body.data.token.access_token;

    const reset = await nestmark(['user', 'reset-password', '--email', 'Bob@Example.com']);
    expect(reset.code).toBe(0);
    const password = printedPassword(reset.stdout);
    expect((await t.call(authEndpoints.me, { token })).status).toBe(401);
    expect((await signIn('bob@example.com', bobPassword)).status).toBe(401);
    expect((await signIn('bob@example.com', password)).status).toBe(200);

    const unknown = await nestmark(['user', 'reset-password', '--email', 'nobody@example.com']);
    expect(unknown).toMatchObject({ code: 1, stdout: '' });
    expect(unknown.stderr).toBe('error: No user has the email address nobody@example.com.\n');
  });
});

describe('nestmark import, export, backup, restore', () => {
  let dora: { token: string };
  let imported: number;

  beforeAll(async () => {
    const user = await t.createUser({ email: 'dora@example.com', password: 'dora-password-1' });
    dora = { token: user.token };
  });

  it('imports a bookmark file into a new collection, then into that one, printing the summaries', async () => {
    const first = await nestmark(['import', FIXTURE, '--user', 'dora@example.com']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const match =
      /^Imported 7 posts into collection (\d+) \(5 collections created, 0 tags\)\.$/m.exec(
        first.stdout,
      );
    expect(match).not.toBeNull();
    imported = Number(match![1]);
    expect(first.stdout).toContain('Skipped 3 entries that are not web links (3 other schemes');
    const collections = await t.call(collectionEndpoints.list, { token: dora.token });
    expect(collections.body.data).toContainEqual(
      expect.objectContaining({ id: imported, name: 'nested_bookmarks', parent_id: null }),
    );

    const again = await nestmark([
      'import',
      FIXTURE,
      '--user',
      'dora@example.com',
      '--collection',
      String(imported),
    ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Imported 0 posts into collection ${imported}`);
    expect(again.stdout).toContain('Duplicates: 7 (7 already in the collection');
  });

  it('names the problem: a collection not found, a missing file, an unknown user (exit 1)', async () => {
    const noCollection = await nestmark([
      'import',
      FIXTURE,
      '--user',
      'dora@example.com',
      '--collection',
      '2147483647',
    ]);
    expect(noCollection).toMatchObject({ code: 1, stdout: '' });
    expect(noCollection.stderr).toBe(
      'error: Collection 2147483647 not found among those dora@example.com may write to.\n',
    );

    const missing = join(scratch, 'missing.html');
    const noFile = await nestmark(['import', missing, '--user', 'dora@example.com']);
    expect(noFile).toMatchObject({ code: 1, stdout: '' });
    expect(noFile.stderr).toBe(`error: ${missing}: no such file.\n`);

    const noUser = await nestmark(['export', '--user', 'nobody@example.com']);
    expect(noUser).toMatchObject({ code: 1, stdout: '' });
    expect(noUser.stderr).toBe('error: No user has the email address nobody@example.com.\n');

    const posts = await t.call(postEndpoints.list, { token: dora.token });
    expect(posts.body.data).toHaveLength(7);
  });

  it('exports a Netscape bookmark file to stdout holding the imported bookmarks and folders', async () => {
    const exported = await nestmark(['export', '--user', 'dora@example.com']);
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/);
    const source = contentsOf(readBookmarkFile(readFileSync(FIXTURE)));
    const result = contentsOf(readBookmarkFile(Buffer.from(exported.stdout)));
    expect(result.urls).toEqual(source.urls);
    expect(result.folders).toEqual(['nested_bookmarks', ...source.folders]);
  });

  it('backs an account up to a file and restores it into an empty account, only once', async () => {
    const file = join(scratch, 'dora.json');
    const backup = await nestmark(['backup', '--user', 'dora@example.com', '--output', file]);
    expect(backup).toMatchObject({ code: 0, stdout: '' });
    const written = JSON.parse(readFileSync(file, 'utf8')) as AccountBackup;
    expect(written).toMatchObject({ format: 'nestmark-backup', version: 2 });
    expect(written.posts).toHaveLength(7);

    const erin = await t.createUser({ email: 'erin@example.com', password: 'erin-password-1' });
    const restore = await nestmark(['restore', file, '--user', 'erin@example.com']);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored 5 collections, 7 posts, 0 tags\.$/m);
    const doraPosts = await t.call(postEndpoints.list, { token: dora.token });
    const erinPosts = await t.call(postEndpoints.list, { token: erin.token });
    const urls = (posts: typeof doraPosts) => posts.body.data.map((post) => post.url).sort();
    expect(urls(erinPosts)).toEqual(urls(doraPosts));

    const twice = await nestmark(['restore', file, '--user', 'erin@example.com']);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain('error: Backups are restored into an empty account only');
    expect((await t.call(postEndpoints.list, { token: erin.token })).body.data).toHaveLength(7);
  });
});

describe('nestmark migrate and doctor', () => {
  it('migrate finds nothing to run on a database the server migrated; doctor says OK for each check', async () => {
    const migrate = await nestmark(['migrate']);
    expect(migrate.code).toBe(0);
    expect(migrate.stdout).toMatch(/: the schema is up to date; nothing to run\.\n$/);

    const doctor = await nestmark(['doctor']);
    expect(doctor.stderr).toBe('');
    expect(doctor.code).toBe(0);
    expect(doctor.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^OK {7}configuration: valid \(DATA_DIR /),
      `OK       data directory: ${t.config.dataDir} is writable`,
      expect.stringMatching(/^OK {7}database: (SQLite|PostgreSQL) .* answers$/),
      expect.stringMatching(/^OK {7}schema: up to date \(\d+ migrations, latest \d{4}-/),
    ]);
  });
});

describe('nestmark copy-files', () => {
  it('copies every stored file from one store to another, keeping the first; again is harmless', async () => {
    const disk = createDiskFileStore(t.config.dataDir);
    const database = createDatabaseFileStore(t.db, t.clock);
    await disk.write('files', 'copy-one.png', Buffer.from('one'));
    await disk.write('files', 'copy-two.webp', Buffer.from('two'));
    await disk.write('favicons', 'copy.example.png', Buffer.from('icon'));
    const before = {
      files: (await disk.list('files')).length,
      favicons: (await disk.list('favicons')).length,
    };

    for (let run = 0; run < 2; run++) {
      const copied = await nestmark(['copy-files', '--from', 'disk', '--to', 'database']);
      expect(copied.stderr).toBe('');
      expect(copied.code).toBe(0);
      expect(copied.stdout).toBe(
        `Copied ${before.files + before.favicons} files from disk to database (files: ${before.files}, favicons: ${before.favicons}, snapshots: 0).\n`,
      );
    }
    expect((await database.read('files', 'copy-one.png'))?.toString()).toBe('one');
    expect((await database.read('files', 'copy-two.webp'))?.toString()).toBe('two');
    expect((await database.read('favicons', 'copy.example.png'))?.toString()).toBe('icon');
    expect((await disk.read('files', 'copy-one.png'))?.toString()).toBe('one');
    expect((await database.list('files')).sort()).toEqual((await disk.list('files')).sort());
  });

  it('refuses the same store twice, and a store it does not know, naming it', async () => {
    const same = await nestmark(['copy-files', '--from', 'disk', '--to', 'disk']);
    expect(same.code).toBe(1);
    expect(same.stderr).toContain('--from and --to name the same file store');

    const unknown = await nestmark(['copy-files', '--from', 'disk', '--to', 'ftp']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("option '--to <store>' argument 'ftp' is invalid");
  });

  it('copies to an S3 bucket given by the S3_ settings, which doctor then checks; without them it names them', async () => {
    const s3 = await startS3Server();
    try {
      const disk = createDiskFileStore(t.config.dataDir);
      await disk.write('files', 'to-s3.png', Buffer.from('bucket'));
      const s3Env = {
        ...env,
        S3_ENDPOINT: s3.settings.endpoint,
        S3_BUCKET: s3.settings.bucket,
        S3_REGION: s3.settings.region,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      };
      const copied = await runCliProcess(['copy-files', '--from', 'disk', '--to', 's3'], {
        env: s3Env,
      });
      expect(copied.code).toBe(0);
      expect(copied.stdout).toMatch(/^Copied \d+ files from disk to s3 /);
      const bucket = await createFileStore('s3', {
        dataDir: t.config.dataDir,
        db: t.db,
        clock: t.clock,
        s3: s3.settings,
      });
      expect((await bucket.read('files', 'to-s3.png'))?.toString()).toBe('bucket');

      const doctor = await runCliProcess(['doctor'], { env: { ...s3Env, FILE_STORE: 's3' } });
      expect(doctor.code).toBe(0);
      expect(doctor.stdout).toContain(
        `OK       file store: the bucket ${s3.settings.bucket} keeps files`,
      );
    } finally {
      await s3.close();
    }

    const unset = await nestmark(['copy-files', '--from', 'disk', '--to', 's3']);
    expect(unset.code).toBe(1);
    expect(unset.stderr).toContain(
      'S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required for the s3 file store',
    );
  });
});
