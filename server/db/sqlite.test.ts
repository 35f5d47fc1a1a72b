import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './database.ts';
import { withBulkWriteCache } from './bulk-insert.ts';
import { openSqlite } from './sqlite.ts';
import { BACKSTOP_PAGES } from './wal-checkpointer.ts';

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('a SQLite file on a writer and a reader connection', () => {
  let dir: string;
  let db: Db;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'nestmark-sqlite-'));
    db = openSqlite(join(dir, 'test.db'));
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await sql`insert into notes (text) values ('committed')`.execute(db);
  });

  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const texts = async (on: Db = db) =>
    (await sql<{ text: string }>`select text from notes order by id`.execute(on)).rows.map(
      (row) => row.text,
    );

  it('answers reads while a transaction writes, with what was committed before it', async () => {
    const hold = gate();
    const written = gate();
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('uncommitted')`.execute(trx);
      expect(await texts(trx)).toEqual(['committed', 'uncommitted']);
      written.open();
      await hold.opened;
    });
    await written.opened;

    // The transaction is still open: on one connection this read would wait for its commit.
    expect(await texts()).toEqual(['committed']);

    hold.open();
    await transaction;
    expect(await texts()).toEqual(['committed', 'uncommitted']);
  });

  it('runs a write outside the transaction only after the transaction has committed', async () => {
    const hold = gate();
    const written = gate();
    const order: string[] = [];
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('in transaction')`.execute(trx);
      written.open();
      await hold.opened;
      order.push('commit');
    });
    await written.opened;
    const write = sql`insert into notes (text) values ('after')`
      .execute(db)
      .then(() => order.push('write'));
    await texts(); // a turn for the write to start
    hold.open();
    await Promise.all([transaction, write]);

    expect(order).toEqual(['commit', 'write']);
    expect(await texts()).toEqual(['committed', 'in transaction', 'after']);
  });

  it('runs a write that returns rows on the writer', async () => {
    const { rows } = await sql<{
      id: number;
    }>`insert into notes (text) values ('returned') returning id`.execute(db);

    expect(rows).toEqual([{ id: 2 }]);
    expect(await texts()).toEqual(['committed', 'returned']);
  });

  it('rolls a failed transaction back and frees the writer for the next one', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into notes (text) values ('rolled back')`.execute(trx);
        throw new Error('fails');
      }),
    ).rejects.toThrow('fails');

    await db.transaction().execute(async (trx) => {
      await sql`insert into notes (text) values ('next')`.execute(trx);
    });
    expect(await texts()).toEqual(['committed', 'next']);
  });

  it('copies the pages of bulk writes back into the database file off the writer (WAL checkpoint)', async () => {
    const file = join(dir, 'test.db');
    const pages = 200;
    expect(pages).toBeLessThan(BACKSTOP_PAGES);
    const before = statSync(file).size;
    // About 200 pages of 4 KiB: far below the writer's own checkpoint while the worker runs, so
    // only the worker's copies them from the -wal file into the database file.
    await db.transaction().execute((trx) =>
      withBulkWriteCache(trx, async () => {
        await sql`insert into notes (text) select printf('%.4000c', 'x') from (
          with recursive n(i) as (select 1 union all select i + 1 from n where i < ${pages})
          select i from n)`.execute(trx);
      }),
    );
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + pages * 4096), {
      timeout: 5000,
    });
    expect(await sql`select count(*) as n from notes`.execute(db)).toEqual({
      rows: [{ n: pages + 1 }],
    });
  });
});

describe('closing a SQLite file database', () => {
  it('waits for the checkpoint worker to close its connection, even with nothing else to wait for', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nestmark-sqlite-'));
    try {
      const file = join(dir, 'test.db');
      // A process of its own: there, once the database is closed nothing else keeps it running.
      const script = `
        import { sql } from 'kysely';
        import { openSqlite } from ${JSON.stringify(join(import.meta.dirname, 'sqlite.ts'))};
        import { withBulkWriteCache } from ${JSON.stringify(join(import.meta.dirname, 'bulk-insert.ts'))};
        const db = openSqlite(${JSON.stringify(file)});
        await db.transaction().execute((trx) =>
          withBulkWriteCache(trx, () => sql\`create table notes (text text)\`.execute(trx)),
        );
        await db.destroy();
        process.stdout.write('closed');`;
      const output = execFileSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '--eval', script],
        { encoding: 'utf8' },
      );
      expect(output).toBe('closed');
      // The last connection to close removes the -wal file: none was left open.
      expect(existsSync(`${file}-wal`)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
