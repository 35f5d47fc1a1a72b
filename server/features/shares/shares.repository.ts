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
