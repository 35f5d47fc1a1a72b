import { createWriteStream } from 'node:fs';
import { readFile, rename, rm, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Option, type Command } from 'commander';
import { emailAddress } from '../../contract/auth.ts';
import {
  duplicateModes,
  type DuplicateMode,
  type ImportSummary,
  type RestoreResult,
} from '../../contract/bookmarks-io.ts';
import { id, idOrZero, INTEGER_MAX } from '../../contract/common.ts';
import type { Config } from '../config.ts';
import type { FileDownload } from '../http/endpoint.ts';
import { tooLargeMessage, type Upload } from '../http/upload.ts';
import { AppError } from '../lib/errors.ts';
import { randomId } from '../lib/random-token.ts';
import { CliFailure, describeError, optionParser, withServices, type CliIo } from './cli-io.ts';

/**
 * `file` read whole as an upload, within the limit the API applies to imports and restores
 * (`IMPORT_MAX_MB`). @throws CliFailure naming the file when it cannot be read or is too large.
 */
async function readUploadFile(
  file: string,
  config: Pick<Config, 'importMaxBytes'>,
): Promise<Upload> {
  try {
    const stats = await stat(file);
    if (!stats.isFile()) throw new CliFailure(`${file} is not a file.`);
    if (stats.size > config.importMaxBytes) {
      throw new CliFailure(`${file}: ${tooLargeMessage(config.importMaxBytes)} (IMPORT_MAX_MB)`);
    }
    return { name: basename(file), bytes: await readFile(file) };
  } catch (error) {
    if (error instanceof CliFailure) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new CliFailure(`${file}: no such file.`);
    throw new CliFailure(`${file} cannot be read: ${describeError(error)}`);
  }
}

/**
 * Writes a download to `output`, through a temporary file renamed at the end (an interrupted
 * export leaves no half file under the name), or to stdout without one.
 */
async function writeDownload(download: FileDownload, output: string | undefined, io: CliIo) {
  const body = download.body instanceof Readable ? download.body : Readable.from([download.body]);
  if (output === undefined) {
    await pipeline(body, io.stdout, { end: false });
    return;
  }
  const partial = `${output}.${randomId(6)}.partial`;
  try {
    await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    throw new CliFailure(`${output} could not be written: ${describeError(error)}`);
  }
}

/** The lines an import's summary prints. */
function importReport(summary: ImportSummary): string[] {
  const { skipped, duplicates } = summary;
  return [
    `Imported ${summary.posts} posts into collection ${summary.collection_id} (${summary.collections} collections created, ${summary.tags} tags).`,
    `Skipped ${skipped.total} entries that are not web links (${skipped.unsupported_scheme} other schemes, ${skipped.missing_url} without a URL, ${skipped.invalid_url} invalid URLs).`,
    `Duplicates: ${duplicates.total} (${duplicates.in_target} already in the collection, ${duplicates.in_file} repeated in the file), ${duplicates.kept ? 'kept' : 'skipped'}.`,
  ];
}

/** The lines a restore's result prints. */
function restoreReport(result: RestoreResult): string[] {
  return [
    `Restored ${result.collections} collections, ${result.posts} posts, ${result.tags} tags.`,
    `Shares: ${result.public_shares} public (${result.public_shares_renewed} with a new link), ${result.private_shares} private (${result.private_shares_dropped} left out: no such member here).`,
    `Page copies: ${result.page_copies} (${result.page_copies_skipped} not restored: over this server's limits).`,
  ];
}

const userOption = () =>
  new Option('--user <email>', 'the account, by email address')
    .makeOptionMandatory()
    .argParser(optionParser(emailAddress));

const outputOption = () =>
  new Option('--output <file>', 'write to this file instead of stdout (replaced once complete)');

/**
 * `nestmark import | export | backup | restore` (PRODUCT.md#import-and-export): the services of
 * `POST /api/imports`, `GET /api/exports`, `GET` and `POST /api/backups`, acting as the user.
 */
export function registerDataCommands(program: Command, io: CliIo): void {
  const print = (lines: string[]) => io.stdout.write(lines.map((line) => `${line}\n`).join(''));

  program
    .command('import')
    .description(
      'Import a bookmark file into an account: a Netscape bookmark file (any browser) or a Pocket, Instapaper, Pinboard, Delicious, Chrome, Firefox or Linkwarden export; waits for the import and prints its summary.',
    )
    .argument('<file>', 'the bookmark file')
    .addOption(userOption())
    .option(
      '--collection <id>',
      'an existing collection to import into (default: a new one named after the file)',
      optionParser(id, `A collection id is a whole number from 1 to ${INTEGER_MAX}.`),
    )
    .addOption(
      new Option('--duplicates <mode>', 'links already there or repeated in the file')
        .choices(duplicateModes)
        .default('skip'),
    )
    .action(
      async (
        file: string,
        options: { user: string; collection?: number; duplicates: DuplicateMode },
      ) => {
        await withServices(io, async ({ config, imports, actorFor }) => {
          const actor = await actorFor(options.user);
          const upload = await readUploadFile(file, config);
          const started = await imports
            .start(actor, upload, {
              collectionId: options.collection,
              duplicates: options.duplicates,
            })
            .catch((error: unknown) => {
              if (error instanceof AppError && error.statusCode === 404) {
                throw new CliFailure(
                  `Collection ${options.collection} not found among those ${options.user} may write to.`,
                );
              }
              throw error;
            });
          await imports.settle();
          const job = await imports.get(actor, started.id);
          if (!job.summary) throw new CliFailure(job.error ?? 'The import failed.');
          print(importReport(job.summary));
        });
      },
    );

  program
    .command('export')
    .description("Export an account's collections and posts as a Netscape bookmark file.")
    .addOption(userOption())
    .option(
      '--collection <id>',
      'only this collection and everything below it (0: only Uncategorized)',
      optionParser(idOrZero, `A collection id is a whole number from 0 to ${INTEGER_MAX}.`),
    )
    .addOption(outputOption())
    .action((options: { user: string; collection?: number; output?: string }) =>
      withServices(io, async ({ bookmarksIo, actorFor }) => {
        const actor = await actorFor(options.user);
        const download = await bookmarksIo.export(actor, { collection_id: options.collection });
        await writeDownload(download, options.output, io);
      }),
    );

  program
    .command('backup')
    .description(
      'Write the backup of an account (JSON: collections, posts, tags, shares, images, page copies) to restore it elsewhere.',
    )
    .addOption(userOption())
    .addOption(outputOption())
    .action((options: { user: string; output?: string }) =>
      withServices(io, async ({ backups, actorFor }) => {
        const actor = await actorFor(options.user);
        await writeDownload(await backups.backup(actor), options.output, io);
      }),
    );

  program
    .command('restore')
    .description('Restore a backup into an account that has no collections, posts or tags yet.')
    .argument('<file>', 'the backup file (JSON)')
    .addOption(userOption())
    .action((file: string, options: { user: string }) =>
      withServices(io, async ({ config, backups, actorFor }) => {
        const actor = await actorFor(options.user);
        const upload = await readUploadFile(file, config);
        print(restoreReport(await backups.restore(actor, upload)));
      }),
    );
}
