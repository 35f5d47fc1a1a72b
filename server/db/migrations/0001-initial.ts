import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * The data model (docs/PRODUCT.md#entities): users and their sessions, collections (nesting, sibling order,
 * icon, owner), posts (both types, order, recycle bin, preview fields), tags and post–tag
 * links, public and private shares. Types: see server/db/schema.ts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('permission', 'integer', (col) => col.notNull().defaultTo(7))
    .addColumn('theme', 'text', (col) => col.notNull().defaultTo('default'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('ended_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('parent_id', 'integer', (col) =>
      col.references('collections.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('icon_id', 'integer')
    .addColumn('local_order', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('collections_user_parent')
    .on('collections')
    .columns(['user_id', 'parent_id', 'local_order'])
    .execute();
  await db.schema
    .createIndex('collections_parent')
    .on('collections')
    .columns(['parent_id', 'local_order'])
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    // A deleted collection's posts are already in the recycle bin; they restore to Uncategorized.
    .addColumn('collection_id', 'integer', (col) =>
      col.references('collections.id').onDelete('set null'),
    )
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('link', 'text')`))
    .addColumn('title', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('url', 'text')
    .addColumn('base_url', 'text')
    .addColumn('description', 'text')
    .addColumn('color', 'text')
    .addColumn('image_path', 'text')
    .addColumn('order', 'integer', (col) => col.notNull())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Lists walk a collection's (or Uncategorized's) live posts in order. SQLite takes `is null`
  // as an equality and ends every index with the rowid; PostgreSQL does neither, so there the
  // indexes are partial over live posts and end with the id that breaks ties.
  if (postgres) {
    await db.schema
      .createIndex('posts_collection_order')
      .on('posts')
      .columns(['collection_id', 'order', 'id'])
      .where(sql<boolean>`archived_at is null`)
      .execute();
    await db.schema
      .createIndex('posts_uncategorized_order')
      .on('posts')
      .columns(['user_id', 'order', 'id'])
      .where(sql<boolean>`archived_at is null and collection_id is null`)
      .execute();
  } else {
    await db.schema
      .createIndex('posts_collection_order')
      .on('posts')
      .columns(['collection_id', 'archived_at', 'order'])
      .execute();
  }
  await db.schema
    .createIndex('posts_user_collection_order')
    .on('posts')
    .columns(['user_id', 'collection_id', 'archived_at', 'order'])
    .execute();
  await db.schema
    .createIndex('posts_user_archived')
    .on('posts')
    .columns(['user_id', 'archived_at'])
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('tags_user_name_key', ['user_id', 'name_key'])
    .execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (col) =>
      col.notNull().references('posts.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (col) =>
      col.notNull().references('tags.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('post_tags_tag').on('post_tags').column('tag_id').execute();

  await db.schema
    .createTable('public_shares')
    .addColumn('id', 'integer', id)
    .addColumn('collection_id', 'integer', (col) =>
      col.notNull().unique().references('collections.id').onDelete('cascade'),
    )
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('permission', 'integer', (col) => col.notNull().defaultTo(4))
    .addColumn('include_descendants', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('private_shares')
    .addColumn('id', 'integer', id)
    .addColumn('collection_id', 'integer', (col) =>
      col.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('permission', 'integer', (col) => col.notNull().defaultTo(7))
    .addColumn('created_by', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('private_shares_collection_user', ['collection_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('private_shares_user')
    .on('private_shares')
    .column('user_id')
    .execute();
}
