import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Accounts (docs/PRODUCT.md#users, #sign-in-screens):
 * - `login_attempts`: sign-in attempts that failed or are in flight, per throttle key (a hash
 *   of the account or of the client address), so the login limit holds across processes
 *   (ARCHITECTURE.md#scaling-out: nothing in memory another request needs). Old rows are pruned by time.
 * - `password_resets`: at most one outstanding reset per user; only a hash of the mailed token
 *   is kept, so a database leak does not hand out password resets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'integer', id)
    .addColumn('throttle_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_key_time')
    .on('login_attempts')
    .columns(['throttle_key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_time')
    .on('login_attempts')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('user_id', 'integer', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
}
