import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { readCache } from './read-cache.ts';
import { openSqlite } from './sqlite.ts';

describe('a cache of reads', () => {
  let dir: string;
  let db: Db;
  let loads: number;
  const cache = readCache<{ text: string }[]>({
    maxBytes: 1000,
    sizeOf: (rows) => rows.reduce((bytes, row) => bytes + row.text.length, 0),
  });
  /** The notes, through the cache; counts the loads. */
  const notes = (on: Db = db, key = 'notes') =>
    cache.read(on, key, async () => {
      loads++;
      return (await sql<{ text: string }>`select text from notes order by id`.execute(on)).rows;
    });
  const texts = async (on?: Db, key?: string) => (await notes(on, key)).map((row) => row.text);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nestmark-read-cache-'));
    db = openSqlite(join(dir, 'test.db'));
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await sql`insert into notes (text) values ('first')`.execute(db);
    loads = 0;
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a result while nothing is committed, each key its own', async () => {
    expect(await texts()).toEqual(['first']);
    expect(await texts()).toEqual(['first']);
    expect(loads).toBe(1);
    expect(await texts(db, 'other')).toEqual(['first']);
    expect(loads).toBe(2);
  });

  it('loads again after a commit of this process, in or out of a transaction', async () => {
    await texts();
    await sql`insert into notes (text) values ('second')`.execute(db);
    expect(await texts()).toEqual(['first', 'second']);
    await db.transaction().execute(async (trx) => {
      await sql`update notes set text = 'changed' where text = 'first'`.execute(trx);
    });
    expect(await texts()).toEqual(['changed', 'second']);
    expect(loads).toBe(3);
  });

  it('loads again after a commit of another connection to the file', async () => {
    await texts();
    const other = openSqlite(join(dir, 'test.db'));
    try {
      await sql`insert into notes (text) values ('elsewhere')`.execute(other);
    } finally {
      await other.destroy();
    }
    expect(await texts()).toEqual(['first', 'elsewhere']);
    expect(loads).toBe(2);
  });

  it('reads through inside a transaction, which sees its own writes', async () => {
    await texts();
    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('uncommitted')`.execute(trx);
      expect(await texts(trx)).toEqual(['first', 'uncommitted']);
      expect(await texts(trx)).toEqual(['first', 'uncommitted']);
    });
    expect(loads).toBe(3);
  });

  it('reads through on an in-memory database, whose one connection writes and reads', async () => {
    const memory = openSqlite(':memory:');
    try {
      await sql`create table notes (id integer primary key, text text not null)`.execute(memory);
      await texts(memory);
      await sql`insert into notes (text) values ('new')`.execute(memory);
      expect(await texts(memory)).toEqual(['new']);
      expect(loads).toBe(2);
    } finally {
      await memory.destroy();
    }
  });

  it('hands out kept results frozen, so no caller changes what the next one reads', async () => {
    const rows = await notes();
    expect(() => {
      (rows[0] as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(() => rows.push({ text: 'more' })).toThrow(TypeError);
    expect(await texts()).toEqual(['first']);
  });

  it('does not keep a result larger than its size', async () => {
    await sql`insert into notes (text) values (${'x'.repeat(2000)})`.execute(db);
    await notes();
    await notes();
    expect(loads).toBe(2);
  });
});
