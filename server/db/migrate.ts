import { Migrator, type Migration } from 'kysely';
import type { Db } from './database.ts';
import * as initial from './migrations/0001-initial.ts';
import * as linkPreviews from './migrations/0002-link-previews.ts';
import * as accounts from './migrations/0003-accounts.ts';
import * as uploadsAndPreviews from './migrations/0005-uploads-and-previews.ts';
import * as search from './migrations/0006-search.ts';
import * as importJobs from './migrations/0007-import-jobs.ts';
import * as security from './migrations/0009-security.ts';
import * as postSorts from './migrations/0010-post-sorts.ts';
import * as previewQueue from './migrations/0011-preview-queue.ts';
import * as livePostIndexes from './migrations/0012-live-post-indexes.ts';
import * as recycleBinColumn from './migrations/0013-recycle-bin-column.ts';
import * as importStaging from './migrations/0014-import-staging.ts';
import * as accessTokens from './migrations/0015-access-tokens.ts';
import * as feedTokens from './migrations/0016-feed-tokens.ts';
import * as favorites from './migrations/0017-favorites.ts';
import * as storedFiles from './migrations/0018-stored-files.ts';
import * as searchIndexRowids from './migrations/0019-search-index-rowids.ts';
import * as sharedLimits from './migrations/0020-shared-limits.ts';
import * as pageCopies from './migrations/0021-page-copies.ts';
import * as pageCopyTurns from './migrations/0022-page-copy-turns.ts';
import * as searchTextLz4 from './migrations/0023-search-text-lz4.ts';
import * as urlKeyPrefixIndex from './migrations/0024-url-key-prefix-index.ts';

/**
 * Every migration, in order. Listed here rather than read from a folder so the compiled server
 * needs no file scanning. Never edit a landed migration; add a new one.
 */
const migrations = {
  '0001-initial': initial,
  '0002-link-previews': linkPreviews,
  '0003-accounts': accounts,
  '0005-uploads-and-previews': uploadsAndPreviews,
  '0006-search': search,
  '0007-import-jobs': importJobs,
  '0009-security': security,
  '0010-post-sorts': postSorts,
  '0011-preview-queue': previewQueue,
  '0012-live-post-indexes': livePostIndexes,
  '0013-recycle-bin-column': recycleBinColumn,
  '0014-import-staging': importStaging,
  '0015-access-tokens': accessTokens,
  '0016-feed-tokens': feedTokens,
  '0017-favorites': favorites,
  '0018-stored-files': storedFiles,
  '0019-search-index-rowids': searchIndexRowids,
  '0020-shared-limits': sharedLimits,
  '0021-page-copies': pageCopies,
  '0022-page-copy-turns': pageCopyTurns,
  '0023-search-text-lz4': searchTextLz4,
  '0024-url-key-prefix-index': urlKeyPrefixIndex,
} satisfies Record<string, Migration>;

/** The name of a migration, e.g. `0012-live-post-indexes`. */
export type MigrationName = keyof typeof migrations;

/**
 * Brings the schema up to date. @returns the names of the migrations that ran, in order (none
 * when it was up to date). @throws the failing migration's error.
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results = [] } = await migratorOf(db).migrateToLatest();
  if (error) throw asError(error);
  return results.map((result) => result.migrationName);
}

/** Which of the known migrations the database has run and which it has not, each in order. */
export async function migrationState(db: Db): Promise<{ applied: string[]; pending: string[] }> {
  const migrations = await migratorOf(db).getMigrations();
  return {
    applied: migrations.filter((info) => info.executedAt).map((info) => info.name),
    pending: migrations.filter((info) => !info.executedAt).map((info) => info.name),
  };
}

/**
 * Runs the migrations up to and including `last`, as a database that a release with no later
 * migration created (for the tests of a migration); throws with the failing migration's error.
 */
export async function migrateUpTo(db: Db, last: MigrationName): Promise<void> {
  const { error } = await migratorOf(db).migrateTo(last);
  if (error) throw asError(error);
}

function migratorOf(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } });
}

/** A migration's failure is its database driver's Error; anything else is wrapped in one. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error('Migration failed', { cause: error });
}
