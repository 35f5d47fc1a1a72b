import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export interface PublicShareRow {
  id: number;
  collection_id: number;
  token: string;
  is_active: number;
  include_descendants: number;
  permission: number;
  created_by: number;
}

/** The columns of a PublicShareRow. */
const PUBLIC_SHARE_COLUMNS = [
  'id',
  'collection_id',
  'token',
  'is_active',
  'include_descendants',
  'permission',
  'created_by',
] as const;

export interface PrivateShareRow {
  id: number;
  collection_id: number;
  user_id: number;
  user_name: string;
  permission: number;
  created_by: number;
}

/** The active public share with this token; undefined when there is none or it is switched off. */
export function findActivePublicShare(db: Db, token: string): Promise<PublicShareRow | undefined> {
  return db
    .selectFrom('public_shares')
    .select(PUBLIC_SHARE_COLUMNS)
    .where('token', '=', token)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export function findPublicShare(db: Db, id: number): Promise<PublicShareRow | undefined> {
  return db
    .selectFrom('public_shares')
    .select(PUBLIC_SHARE_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findPublicShareByToken(db: Db, token: string) {
  return db
    .selectFrom('public_shares')
    .select(['id', 'collection_id'])
    .where('token', '=', token)
    .executeTakeFirst();
}

/** Public shares of the collections `ownerId` owns, optionally of one collection. */
export function listPublicSharesOwnedBy(
  db: Db,
  ownerId: number,
  collectionId?: number,
): Promise<PublicShareRow[]> {
  let query = db
    .selectFrom('public_shares')
    .innerJoin('collections', 'collections.id', 'public_shares.collection_id')
    .select(PUBLIC_SHARE_COLUMNS.map((column) => `public_shares.${column}` as const))
    .where('collections.user_id', '=', ownerId)
    .orderBy('public_shares.id');
  if (collectionId !== undefined)
    query = query.where('public_shares.collection_id', '=', collectionId);
  return query.execute();
}

export function findPublicShareOfCollection(db: Db, collectionId: number) {
  return db
    .selectFrom('public_shares')
    .select('id')
    .where('collection_id', '=', collectionId)
    .executeTakeFirst();
}

export async function insertPublicShare(
  db: Db,
  values: {
    collectionId: number;
    token: string;
    isActive: boolean;
    includeDescendants: boolean;
    createdBy: number;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('public_shares')
    .values({
      collection_id: values.collectionId,
      token: values.token,
      is_active: values.isActive ? 1 : 0,
      include_descendants: values.includeDescendants ? 1 : 0,
      permission: 4,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePublicShare(
  db: Db,
  id: number,
  fields: { token?: string; is_active?: number; include_descendants?: number },
): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable('public_shares').set(fields).where('id', '=', id).execute();
}

export async function deletePublicShare(db: Db, id: number): Promise<void> {
  await db.deleteFrom('public_shares').where('id', '=', id).execute();
}

const privateShareColumns = [
  'private_shares.id',
  'private_shares.collection_id',
  'private_shares.user_id',
  'users.name as user_name',
  'private_shares.permission',
  'private_shares.created_by',
] as const;

/** Private shares on any of `collectionIds` (a collection and its ancestors), by member name. */
export function listPrivateSharesOn(
  db: Db,
  collectionIds: readonly number[],
): Promise<PrivateShareRow[]> {
  if (collectionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('private_shares')
    .innerJoin('users', 'users.id', 'private_shares.user_id')
    .select(privateShareColumns)
    .where('private_shares.collection_id', 'in', collectionIds)
    .orderBy('users.name')
    .orderBy('private_shares.id')
    .execute();
}

/** Shares a user made (as the collection's owner) or received (as a member). */
export function listPrivateSharesOf(db: Db, userId: number): Promise<PrivateShareRow[]> {
  return db
    .selectFrom('private_shares')
    .innerJoin('users', 'users.id', 'private_shares.user_id')
    .select(privateShareColumns)
    .where((eb) =>
      eb.or([
        eb('private_shares.user_id', '=', userId),
        eb('private_shares.created_by', '=', userId),
      ]),
    )
    .orderBy('private_shares.id')
    .execute();
}

export function findPrivateShare(db: Db, id: number): Promise<PrivateShareRow | undefined> {
  return db
    .selectFrom('private_shares')
    .innerJoin('users', 'users.id', 'private_shares.user_id')
    .select(privateShareColumns)
    .where('private_shares.id', '=', id)
    .executeTakeFirst();
}

export function findPrivateShareOf(db: Db, collectionId: number, userId: number) {
  return db
    .selectFrom('private_shares')
    .select('id')
    .where('collection_id', '=', collectionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertPrivateShare(
  db: Db,
  values: {
    collectionId: number;
    userId: number;
    permission: number;
    createdBy: number;
    now: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('private_shares')
    .values({
      collection_id: values.collectionId,
      user_id: values.userId,
      permission: values.permission,
      created_by: values.createdBy,
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePrivateSharePermission(db: Db, id: number, permission: number) {
  await db.updateTable('private_shares').set({ permission }).where('id', '=', id).execute();
}

export async function deletePrivateShare(db: Db, id: number): Promise<void> {
  await db.deleteFrom('private_shares').where('id', '=', id).execute();
}

/**
 * The highest level any private share gives `userId` on the collections `collectionIds` (a
 * collection and its ancestors: membership is inherited down the tree); 0 when none does.
 */
export async function memberPermission(
  db: Db,
  userId: number,
  collectionIds: readonly number[],
): Promise<number> {
  if (collectionIds.length === 0) return 0;
  const row = await db
    .selectFrom('private_shares')
    .select((eb) => eb.fn.max('permission').as('permission'))
    .where('user_id', '=', userId)
    .where('collection_id', 'in', collectionIds)
    .executeTakeFirst();
  return Number(row?.permission ?? 0);
}

/** Ids among `collectionIds` that carry at least one private share. */
export async function listPrivatelySharedIds(
  db: Db,
  collectionIds: readonly number[],
): Promise<Set<number>> {
  if (collectionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('private_shares')
    .select('collection_id')
    .distinct()
    .where('collection_id', 'in', collectionIds)
    .execute();
  return new Set(rows.map((row) => row.collection_id));
}

/** The collections shared with a user: each share's collection and the level it gives. */
export function listSharesReceivedBy(db: Db, userId: number) {
  return db
    .selectFrom('private_shares')
    .select(['collection_id', 'permission'])
    .where('user_id', '=', userId)
    .execute();
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Remembers `tokens` (ISO `now`) as used for good, hashed: whatever becomes of their shares, they
 * are never registered again. Tokens already remembered are left as they are.
 */
export async function recordUsedShareTokens(
  db: Db,
  tokens: readonly string[],
  now: string,
): Promise<void> {
  if (tokens.length === 0) return;
  await db
    .insertInto('used_share_tokens')
    .values(tokens.map((token) => ({ token_hash: tokenHash(token), used_at: now })))
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .execute();
}

/** Those of `tokens` that a public share has ever used. */
export async function listUsedShareTokens(db: Db, tokens: readonly string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const byHash = new Map(tokens.map((token) => [tokenHash(token), token]));
  const rows = await db
    .selectFrom('used_share_tokens')
    .select('token_hash')
    .where('token_hash', 'in', [...byHash.keys()])
    .execute();
  return new Set(rows.map((row) => byHash.get(row.token_hash)!));
}
