import { z } from 'zod';
import { envelope, id, idOrZero, idParams, INTEGER_MAX } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { storedFilePath } from './files.ts';
import { isCollectionIconId } from './icons.ts';
import { pageCopyKinds } from './page-copies.ts';
import { POST_CONTENT_MAX, postTypes } from './posts.ts';
import { memberPermissions, SHARE_TOKEN_LENGTH } from './shares.ts';
import { restoredTagName } from './tags.ts';

/*
 * Bookmark import and export, and the account backup (PRODUCT.md#import-and-export, API.md,
 * #messages). docs/API.md describes the behaviour; docs/ARCHITECTURE.md the import pipeline and
 * the backup format.
 */

/** File formats an import reads, detected by content. */
export const importFormatIds = [
  'netscape',
  'pocket-html',
  'pocket-csv',
  'instapaper-csv',
  'pinboard-json',
  'delicious-json',
  'chrome-json',
  'firefox-json',
  'linkwarden-json',
] as const;
export type ImportFormatId = (typeof importFormatIds)[number];

/** Why an entry of a file did not become a post. */
export const skipReasons = ['unsupported-scheme', 'missing-url', 'invalid-url'] as const;
export type SkipReason = (typeof skipReasons)[number];

/** What to do with a URL that is already in the target collection, or earlier in the file. */
export const duplicateModes = ['skip', 'keep'] as const;
export type DuplicateMode = (typeof duplicateModes)[number];

export const startImportQuery = z.object({
  /** An existing collection to import into (write access needed); absent = a new collection. */
  collection_id: id.optional(),
  duplicates: z.enum(duplicateModes).default('skip'),
});

/** How many of the examples of skipped entries and duplicates a summary lists. */
export const SUMMARY_EXAMPLES = 20;

/** The report of a finished import. */
export const importSummarySchema = z.object({
  /** The collection the import landed in: the new one, or the chosen target. */
  collection_id: z.number().int(),
  /** Collections created (the new top-level one included). */
  collections: z.number().int(),
  /** Posts created. */
  posts: z.number().int(),
  /** Distinct tags the created posts carry. */
  tags: z.number().int(),
  /** Entries that are not web links, by reason. */
  skipped: z.object({
    total: z.number().int(),
    unsupported_scheme: z.number().int(),
    missing_url: z.number().int(),
    invalid_url: z.number().int(),
  }),
  /** URLs already in the target (`in_target`) or earlier in the file (`in_file`). */
  duplicates: z.object({
    total: z.number().int(),
    in_target: z.number().int(),
    in_file: z.number().int(),
    /** true when they were imported anyway (`duplicates=keep`). */
    kept: z.boolean(),
  }),
  /** The first entries of each kind, to show the user which ones. */
  examples: z.object({
    skipped: z.array(
      z.object({ title: z.string(), url: z.string().nullable(), reason: z.enum(skipReasons) }),
    ),
    duplicates: z.array(
      z.object({ title: z.string(), url: z.string(), where: z.enum(['target', 'file']) }),
    ),
  }),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/**
 * An import job. While `running`, `phase` is `reading` (the file is parsed; `bytes_read` and
 * `entries_read` grow) then `saving` (one transaction; `to_create` is known, and `created` grows
 * on PostgreSQL). `done` carries the summary; `failed` the reason in `error`, and nothing of the
 * import was saved.
 */
export const importJobSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'done', 'failed']),
  phase: z.enum(['reading', 'saving']).nullable(),
  file_name: z.string(),
  format: z.enum(importFormatIds),
  /** The format in words, e.g. "Pocket (CSV)". */
  format_name: z.string(),
  target_collection_id: z.number().int().nullable(),
  duplicates: z.enum(duplicateModes),
  progress: z.object({
    bytes_total: z.number().int(),
    /** About how much of the file has been read. */
    bytes_read: z.number().int(),
    /** Entries (bookmarks and skipped ones) read so far. */
    entries_read: z.number().int(),
    /** Posts to create; null until the file is read. */
    to_create: z.number().int().nullable(),
    created: z.number().int(),
  }),
  summary: importSummarySchema.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export const exportQuery = z.object({
  /** Export only this collection and everything below it; 0 = only Uncategorized. */
  collection_id: idOrZero.optional(),
});

/** `YYYY-MM-DD` of an instant, in UTC. */
function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * File name of a bookmarks export made at `date` (PRODUCT.md#limits: a fixed name; here with the
 * date).
 */
export function exportFileName(date: Date): string {
  return `nestmark-bookmarks-${utcDate(date)}.html`;
}

/** File name of an account backup made at `date`. */
export function backupFileName(date: Date): string {
  return `nestmark-backup-${utcDate(date)}.json`;
}

export const BACKUP_FORMAT = 'nestmark-backup';
/**
 * The format's version: 2 added `page_copies`. A restore reads every version up to this one and
 * refuses a newer one (an older server would leave out what it does not know).
 */
export const BACKUP_VERSION = 2;

const backupRef = z.number().int().positive();
const instant = z.iso.datetime();

/**
 * A saved page copy of a backup's link post (PRODUCT.md#page-copies). `text` and `html` are
 * plain strings; `snapshot_gz` is the snapshot as the file store keeps it (the page as fetched,
 * an HTML page in UTF-8 with its `<base>`, or the PDF), gzip-compressed, in base64. Word count
 * and reading time are not carried: a restore counts them from `text`.
 */
export const backupPageCopySchema = z
  .object({
    post_id: backupRef,
    kind: z.enum(pageCopyKinds),
    /** When the copy was saved. */
    copied_at: instant,
    title: z.string().nullable(),
    byline: z.string().nullable(),
    site_name: z.string().nullable(),
    published_at: instant.nullable(),
    excerpt: z.string().nullable(),
    lang: z.string().nullable(),
    /** The copy's plain text (an article's text, or a PDF's). */
    text: z.string().min(1),
    /** The readable article's HTML; null for a PDF. */
    html: z.string().min(1).nullable(),
    snapshot_gz: z.base64(),
  })
  .refine((copy) => (copy.kind === 'article') === (copy.html !== null), {
    message: 'an article copy has html, a PDF copy none',
    path: ['html'],
  });
export type BackupPageCopy = z.infer<typeof backupPageCopySchema>;

/**
 * A whole account as one JSON file (docs/ARCHITECTURE.md, backup format). Ids are the backup's
 * own references (from the account it was made of); a restore gives every row a new id.
 * `files` carries the stored images posts refer to (`path` as posts refer to it, bytes in base64).
 */
export const accountBackupSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().min(1).max(BACKUP_VERSION),
  exported_at: instant,
  account: z.object({ name: z.string(), email: z.string(), theme: z.enum(['default', 'dark']) }),
  collections: z.array(
    z.object({
      id: backupRef,
      parent_id: backupRef.nullable(),
      name: z.string().trim().min(1).max(255),
      icon_id: z
        .number()
        .int()
        .refine((id): boolean => isCollectionIconId(id), 'is not an icon of the catalogue')
        .nullable(),
      local_order: z.number().int().positive().max(INTEGER_MAX),
      created_at: instant,
      updated_at: instant,
    }),
  ),
  tags: z.array(z.object({ id: backupRef, name: restoredTagName, created_at: instant })),
  posts: z.array(
    z
      .object({
        id: backupRef,
        collection_id: backupRef.nullable(),
        type: z.enum(postTypes),
        title: z.string().nullable(),
        content: z.string().min(1).max(POST_CONTENT_MAX),
        url: z.string().nullable(),
        base_url: z.string().nullable(),
        description: z.string().nullable(),
        color: z
          .string()
          .regex(/^#[0-9a-fA-F]{3,8}$/, 'is not a colour')
          .nullable(),
        /** A stored file of this server (its thumbnail), never another site. */
        image_path: storedFilePath.nullable(),
        order: z.number().int().min(-INTEGER_MAX).max(INTEGER_MAX),
        /** In the recycle bin since; null = live. */
        archived_at: instant.nullable(),
        preview_status: z.enum(['pending', 'done', 'failed']).nullable(),
        created_at: instant,
        updated_at: instant,
        tag_ids: z.array(backupRef),
      })
      // A backup file keeps the key `archived_at`, the posts column's name when the format was
      // made; read, it is the code's `binned_at` (migration 0013). Written back by the backup.
      .transform(({ archived_at, ...post }) => ({ ...post, binned_at: archived_at })),
  ),
  public_shares: z.array(
    z.object({
      collection_id: backupRef,
      token: z
        .string()
        .regex(/^[A-Za-z0-9]+$/)
        .min(SHARE_TOKEN_LENGTH)
        .max(128),
      is_active: z.boolean(),
      include_descendants: z.boolean(),
      created_at: instant,
    }),
  ),
  /** Members are named by email: user ids mean nothing on another server. */
  private_shares: z.array(
    z.object({
      collection_id: backupRef,
      member_email: z.string(),
      permission: z.union([z.literal(memberPermissions[0]), z.literal(memberPermissions[1])]),
      created_at: instant,
    }),
  ),
  /**
   * Stored images the posts refer to, by the path posts use; a restore stores each under a new
   * name and rewrites the references.
   */
  files: z.array(
    z.object({
      path: storedFilePath,
      /** The media type of the path's extension, e.g. `image/webp`. */
      content_type: z.string().min(1),
      /** The bytes, base64. */
      data: z.base64(),
    }),
  ),
  /**
   * The saved page copies of the posts, one per post at most (version 2; absent from older
   * backups). Queued and failed copies are not carried.
   */
  page_copies: z.array(backupPageCopySchema).default([]),
});
/** A backup file as it is written (the JSON). */
export type AccountBackup = z.input<typeof accountBackupSchema>;
/** A backup file as read: a post's `archived_at` is its `binned_at`. */
export type ParsedBackup = z.output<typeof accountBackupSchema>;

/** What a restore created. */
export const restoreResultSchema = z.object({
  collections: z.number().int(),
  posts: z.number().int(),
  tags: z.number().int(),
  public_shares: z.number().int(),
  /** Public shares whose token is taken on this server: restored with a new token. */
  public_shares_renewed: z.number().int(),
  private_shares: z.number().int(),
  /** Private shares whose member has no account here (or is the restoring user): left out. */
  private_shares_dropped: z.number().int(),
  /** Saved page copies restored. */
  page_copies: z.number().int(),
  /**
   * Page copies over this server's limits (COPIES_MAX_MB for the account, or a copy's own size
   * limits): restored as failed copies with the reason (`account_full`, `too_large`).
   */
  page_copies_skipped: z.number().int(),
});
export type RestoreResult = z.infer<typeof restoreResultSchema>;

export const bookmarksIoEndpoints = {
  import: defineEndpoint({
    method: 'POST',
    path: '/api/imports',
    summary:
      'Start importing a bookmark file (multipart field `file`): a Netscape bookmark file from any browser, or a Pocket, Instapaper, Pinboard, Delicious, Chrome, Firefox or Linkwarden export, detected by content. Answers 202 with the job at once; the import runs in the background and commits in one transaction. Into a new collection named after the file, or `collection_id`; `duplicates` skip (default) or keep. 404/403 for a target the caller may not write; 409 while another import of the caller runs; 413 above the size limit; 422 for a file that is empty or holds no bookmarks.',
    auth: 'user',
    query: startImportQuery,
    upload: true,
    status: 202,
    response: envelope(importJobSchema),
  }),
  importJob: defineEndpoint({
    method: 'GET',
    path: '/api/imports/{id}',
    summary:
      "An import job of the caller: status, progress, and the summary once done. 404 for anyone else's.",
    auth: 'user',
    params: idParams,
    status: 200,
    response: envelope(importJobSchema),
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/exports',
    summary:
      "Download the caller's collections and posts as a Netscape bookmark file named `nestmark-bookmarks-YYYY-MM-DD.html`; `collection_id` limits it to one collection and everything below it (0 = Uncategorized only).",
    auth: 'user',
    query: exportQuery,
    status: 200,
    download: true,
  }),
  backup: defineEndpoint({
    method: 'GET',
    path: '/api/backups',
    summary:
      "Download the caller's whole account as JSON (`nestmark-backup-YYYY-MM-DD.json`): collections, posts with their HTML, recycle bin, tags, shares of the caller's collections, the stored images posts refer to (base64), and the saved page copies of its link posts (text, readable HTML, snapshot in base64).",
    auth: 'user',
    status: 200,
    download: true,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/api/backups',
    summary:
      'Restore a backup (multipart field `file`) into the caller’s account, which must be empty (409 otherwise). Its images are checked like uploads and stored under new names; post references follow them. Page copies come back with their posts (readable HTML sanitised again, search text recomputed); a copy over this server’s limits comes back failed, with the reason. 422 for a file that is not a valid backup, an image that fails the checks or a snapshot that is not gzip; nothing is written (no row, no image, no snapshot) unless all of it is.',
    auth: 'user',
    upload: true,
    status: 201,
    response: envelope(restoreResultSchema),
  }),
};
