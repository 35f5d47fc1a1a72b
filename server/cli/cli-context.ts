import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  createAccountBackupService,
  type AccountBackupService,
} from '../features/bookmarks-io/account-backup.service.ts';
import {
  createBookmarksIoService,
  type BookmarksIoService,
} from '../features/bookmarks-io/bookmarks-io.service.ts';
import {
  createImportJobsService,
  type ImportJobsService,
} from '../features/bookmarks-io/import-jobs.service.ts';
import { createFileStore } from '../features/files/file-store.ts';
import { createFilesService } from '../features/files/files.service.ts';
import { copyCapsOf } from '../features/page-copies/copy-caps.ts';
import { createPageCopyBackup } from '../features/page-copies/page-copies.backup.ts';
import { findUserByEmail } from '../features/users/user-accounts.ts';
import {
  createUserAdministration,
  type UserAdministration,
} from '../features/users/users.service.ts';
import type { UserActor } from '../http/actor.ts';
import { systemClock } from '../lib/clock.ts';
import { CliFailure, describeError, type CliIo } from './cli-io.ts';

/** The configuration, the database and the services a command works with. */
export interface CliContext {
  config: Config;
  db: Db;
  /** The database for messages (no password): `SQLite /…/nestmark.db`, `PostgreSQL host/db`. */
  description: string;
  users: UserAdministration;
  imports: ImportJobsService;
  bookmarksIo: BookmarksIoService;
  backups: AccountBackupService;
  /**
   * The user with `email` as the actor of a service call: the command acts as that user would
   * through the API, without a session. @throws CliFailure naming the address when nobody has it.
   */
  actorFor: (email: string) => Promise<UserActor>;
}

/** The session id of command-line actors; no session row has it (ids are random, 22 characters). */
const COMMAND_LINE_SESSION = 'command-line';

/**
 * Opens the database of the server's configuration (`DATA_DIR`, `DATABASE_URL`: server/config.ts),
 * brings its schema up to date as the server does at start (unless `migrate` is false), builds the
 * services as `buildApp` does and runs `command` with them; closes the database afterwards.
 * Imported link posts wait for their previews until a server process picks them up.
 * @throws ConfigError for a bad environment; whatever the database or `command` throws.
 */
export async function withCliContext<T>(
  io: CliIo,
  command: (context: CliContext) => Promise<T>,
  options: { migrate: boolean } = { migrate: true },
): Promise<T> {
  const config = loadConfig();
  const { db, description } = openDatabase(config);
  try {
    if (options.migrate) await migrateToLatest(db);
    const clock = systemClock;
    const logError = (error: unknown, message: string) =>
      io.stderr.write(`${message}: ${describeError(error)}\n`);
    const store = await createFileStore(config.fileStore, {
      dataDir: config.dataDir,
      db,
      clock,
      s3: config.s3,
    });
    const files = createFilesService({
      db,
      clock,
      store,
      uploadMaxBytes: config.uploadMaxBytes,
      log: logError,
    });
    return await command({
      config,
      db,
      description,
      users: createUserAdministration({ db, clock }),
      imports: createImportJobsService({ db, clock, logError }),
      bookmarksIo: createBookmarksIoService({ db, clock, appUrl: config.appUrl }),
      backups: createAccountBackupService({
        db,
        clock,
        files,
        copies: createPageCopyBackup({
          db,
          clock,
          store,
          caps: copyCapsOf(config),
          accountMaxBytes: config.copiesAccountMaxBytes,
        }),
      }),
      actorFor: async (email) => {
        const user = await findUserByEmail(db, email);
        if (!user) throw new CliFailure(`No user has the email address ${email}.`);
        return {
          kind: 'user',
          userId: user.id,
          sessionId: COMMAND_LINE_SESSION,
          permission: user.permission,
        };
      },
    });
  } finally {
    await db.destroy();
  }
}
