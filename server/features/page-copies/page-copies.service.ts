import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { Permission } from '../../../contract/permissions.ts';
import type { PageCopy } from '../../../contract/page-copies.ts';
import type { Db } from '../../db/database.ts';
import type { Selectable } from 'kysely';
import type { PageCopiesTable } from '../../db/schema.ts';
import type { AuthenticatedActor, UserActor } from '../../http/actor.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { assertPostAccess } from '../collections/collection-access.ts';
import type { FileStore } from '../files/file-store.ts';
import type { FilesService } from '../files/files.service.ts';
import {
  FetchFailedError,
  RefusedUrlError,
  type LinkFetcher,
} from '../link-preview/guarded-fetcher.ts';
import { foldCase } from '../search/search-query.ts';
import type { CopyCaps } from './copy-caps.ts';
import { copyFailureText, copyKindOf, type CopyFailure } from './copy-failure.ts';
import {
  failCopy,
  findCopy,
  findLivePost,
  listCopyPostIdsOfUser,
  queueCopy,
  saveCopy,
  storedBytesOfUser,
  type ClaimedCopy,
} from './page-copies.repository.ts';
import type { ExtractionPool } from './extraction-pool.ts';
import { compressSnapshot, decompressSnapshot } from './page-snapshot.ts';
import { hasNoImage, setImageIfNone } from './post-image.repository.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** The name of a post's snapshot in the file store's `snapshots` area. */
export function snapshotName(postId: number): string {
  return `${postId}.gz`;
}

/**
 * The columns of a saved copy that follow from its plain `text`, its readable `html` (already
 * through the post sanitiser; null for a PDF) and its compressed `snapshot`: the text and HTML
 * gzip-compressed, the text case-folded for search, and the bytes it all takes (what
 * COPIES_MAX_MB counts). The one rule for copies made here and copies a backup brings.
 */
export async function storedCopyColumns(text: string, html: string | null, snapshot: Buffer) {
  const htmlGz = html === null ? null : await gzipAsync(html);
  const textGz = await gzipAsync(text);
  const searchText = foldCase(text);
  const storedBytes =
    Buffer.byteLength(searchText) +
    textGz.byteLength +
    (htmlGz?.byteLength ?? 0) +
    snapshot.byteLength;
  return { html_gz: htmlGz, text_gz: textGz, search_text: searchText, stored_bytes: storedBytes };
}

/**
 * The snapshot's response headers: shown as its own document, it runs no script and loads
 * nothing but images and styles (PRODUCT.md#page-copies); only Nestmark's own pages may frame it
 * (the reader view's sandboxed frame), where every other response refuses any frame.
 */
const SNAPSHOT_HEADERS = {
  'content-security-policy':
    "sandbox; default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https: http:; frame-ancestors 'self'",
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'cache-control': 'private, no-cache',
};

/** What a copy's fetch asks for. */
const ACCEPT = 'text/html,application/xhtml+xml,application/pdf;q=0.9,*/*;q=0.5';

export type PageCopiesService = ReturnType<typeof createPageCopiesService>;

/** The outcome of making one copy: saved, or why not. */
export type CopyOutcome = 'saved' | 'failed';

/**
 * Page copies (PRODUCT.md#page-copies): the readable copy and the snapshot of a link post's page,
 * made in the background (page-copy-worker.ts) through the SSRF guard, shown to whoever may read
 * the post.
 */
export function createPageCopiesService({
  db,
  clock,
  fetcher,
  store,
  files,
  extraction,
  caps,
  accountMaxBytes,
}: {
  db: Db;
  clock: Clock;
  fetcher: LinkFetcher;
  store: FileStore;
  /** Where a PDF's first page is stored as its post's picture, as link previews store theirs. */
  files: Pick<FilesService, 'saveThumbnail' | 'discardThumbnail'>;
  /** Where pages are read, off the request thread (extraction-pool.ts). */
  extraction: Pick<ExtractionPool, 'extract'>;
  caps: CopyCaps;
  /** What one account's copies may take together, in bytes (COPIES_MAX_MB). */
  accountMaxBytes: number;
}) {
  /**
   * The copy failure a fetch error stands for. A page that did not answer for another reason (a
   * broken connection, a name without an address, a redirect loop) is stated as 'timeout', the
   * nearest reason the user is given: the page could not be had. @throws anything else
   */
  function failureOfFetch(error: unknown): CopyFailure {
    if (error instanceof RefusedUrlError) return { kind: 'failure', reason: 'blocked_address' };
    if (!(error instanceof FetchFailedError)) throw error;
    switch (error.kind) {
      case 'too_large':
        return { kind: 'failure', reason: 'too_large', limitBytes: error.maxBytes! };
      case 'http_status':
        return { kind: 'failure', reason: 'http_status', status: error.status! };
      case 'timeout':
      case 'network':
      case 'unresolved':
      case 'redirects':
        return { kind: 'failure', reason: 'timeout' };
    }
  }

  /**
   * Fetches a claimed copy's page, extracts it and stores the outcome: the row, and for a saved
   * copy the snapshot in the file store (a failed first copy keeps none; a failed refresh keeps
   * the copy it had, and its snapshot). A PDF's first page becomes the
   * post's picture (a thumbnail, stored and removed as a link preview's) when the post has none,
   * neither when the copy was claimed nor when it is saved. @returns the outcome, or undefined
   * when the claim was lost meanwhile (a refresh or a new link queued the copy afresh).
   */
  async function copy(claim: ClaimedCopy): Promise<CopyOutcome | undefined> {
    const outcome = await makeCopy(claim);
    const now = clock().toISOString();
    if ('reason' in outcome) {
      const { kind: _kind, ...reason } = outcome;
      const written = await db
        .transaction()
        .execute((trx) => failCopy(trx, claim, JSON.stringify(reason), now));
      // A failed refresh keeps the copy it had, and so its snapshot.
      if (written === 'failed') await store.remove('snapshots', snapshotName(claim.postId));
      return written ? 'failed' : undefined;
    }
    const { fields, snapshot, firstPage } = outcome;
    // The snapshot first: a saved row always has its snapshot (a lost claim leaves the file
    // to be replaced by the next copy of the post).
    await store.write('snapshots', snapshotName(claim.postId), snapshot);
    // A picture that cannot be made (not an image sharp reads, the post gone) is left out, as a
    // preview's; one made but not set (the post got a picture meanwhile) goes again.
    const picture = firstPage
      ? await files
          .saveThumbnail({ id: claim.postId, user_id: claim.userId }, firstPage, {
            crop: 'top',
            keepPrevious: true,
          })
          .catch(() => null)
      : null;
    const { written, pictured } = await db.transaction().execute(async (trx) => {
      const written = await saveCopy(trx, claim, fields, now);
      const pictured =
        written &&
        picture !== null &&
        (await setImageIfNone(trx, claim.postId, claim.url, picture));
      return { written, pictured };
    });
    if (picture !== null && !pictured) await files.discardThumbnail(picture);
    return written ? 'saved' : undefined;
  }

  /** The fetch and the extraction of a copy: what to store, or why not. */
  async function makeCopy(
    claim: ClaimedCopy,
  ): Promise<
    CopyFailure | { fields: Parameters<typeof saveCopy>[2]; snapshot: Buffer; firstPage?: Buffer }
  > {
    let page;
    try {
      page = await fetcher.fetch(claim.url, {
        accept: ACCEPT,
        // A PDF may be larger than a page: each is read up to its own cap.
        maxBytes: (mediaType) => (mediaType === 'application/pdf' ? caps.pdfBytes : caps.rawBytes),
      });
    } catch (error) {
      return failureOfFetch(error);
    }
    const kind = copyKindOf(page.mediaType);
    if (typeof kind !== 'string') return kind;
    // A PDF's first page is drawn only for a post without a picture (PRODUCT.md#page-copies).
    const firstPage = kind === 'pdf' && (await hasNoImage(db, claim.postId));
    const read = await extraction.extract({
      kind,
      bytes: page.body,
      charset: page.charset,
      pageUrl: page.url,
      caps,
      firstPage,
    });
    if ('reason' in read) return read;
    const extracted = read.copy;
    // A PDF is kept as fetched, an HTML page as its snapshot's HTML, in UTF-8 (extraction-thread.ts).
    const snapshot = await compressSnapshot(
      read.snapshotHtml === null ? page.body : Buffer.from(read.snapshotHtml),
      { rawBytes: kind === 'pdf' ? caps.pdfBytes : caps.rawBytes },
    );
    if (!Buffer.isBuffer(snapshot)) return snapshot;
    const html = extracted.kind === 'article' ? extracted.html : null;
    const stored = await storedCopyColumns(extracted.text, html, snapshot);
    const used = await storedBytesOfUser(db, claim.userId, claim.postId);
    if (used + stored.stored_bytes > accountMaxBytes) {
      return { kind: 'failure', reason: 'account_full', limitBytes: accountMaxBytes };
    }
    const article = extracted.kind === 'article' ? extracted : null;
    return {
      snapshot,
      // A Buffer crosses threads as a Uint8Array.
      ...(extracted.kind === 'pdf' &&
        extracted.firstPage && { firstPage: Buffer.from(extracted.firstPage) }),
      fields: {
        kind: extracted.kind,
        title: extracted.title,
        byline: article?.byline ?? null,
        site_name: article?.siteName ?? null,
        published_at: article?.publishedTime ?? null,
        excerpt: article?.excerpt ?? null,
        lang: article?.lang ?? null,
        word_count: extracted.wordCount,
        reading_minutes: extracted.readingMinutes,
        ...stored,
      },
    };
  }

  /** The live post `postId` if the actor holds `needed` on it. @throws 404, 403 */
  async function accessiblePost(actor: AuthenticatedActor, postId: number, needed: number) {
    const post = await findLivePost(db, postId);
    if (!post) throw notFound('Post');
    await assertPostAccess(db, actor, post, needed);
    return post;
  }

  /** The API view of a copy row (or of none). */
  async function present(row: Selectable<PageCopiesTable> | undefined): Promise<PageCopy> {
    // A copy is kept while a refresh is queued, and when the refresh failed.
    const saved = row?.kind != null;
    const failure = row?.failure ? (JSON.parse(row.failure) as object) : null;
    const reason = failure && ({ kind: 'failure', ...failure } as CopyFailure);
    return {
      status: row?.status ?? 'none',
      copied_at: row?.copied_at ?? null,
      failure: reason && { reason: reason.reason, text: copyFailureText(reason) },
      kind: saved ? row.kind : null,
      title: saved ? row.title : null,
      byline: saved ? row.byline : null,
      site_name: saved ? row.site_name : null,
      published_at: saved ? row.published_at : null,
      excerpt: saved ? row.excerpt : null,
      lang: saved ? row.lang : null,
      word_count: saved ? row.word_count : null,
      reading_minutes: saved ? row.reading_minutes : null,
      html: saved && row.html_gz ? (await gunzipAsync(row.html_gz)).toString('utf8') : null,
    };
  }

  return {
    copy,

    /**
     * In the transaction that ends a link post's preview (done or failed): queues its copy when
     * its owner has automatic copies on. A preview runs for a new link (saved, imported, or a
     * post's link changed), so this is where each new link asks for its copy.
     */
    async queueAfterPreview(trx: Db, postId: number): Promise<void> {
      await queueCopy(trx, postId, clock().toISOString(), { onlyIfAuto: true, keepCopy: false });
    },

    /** GET /api/posts/{id}/copy. @throws 404 when the actor may not read the post */
    async get(actor: AuthenticatedActor, postId: number): Promise<PageCopy> {
      await accessiblePost(actor, postId, Permission.READ);
      return present(await findCopy(db, postId));
    },

    /**
     * POST /api/posts/{id}/copy: queues the copy afresh (the worker is told by `onQueued`); the
     * copy it had is served until the new one replaces it, and kept if the new one fails.
     * @throws 404, 403 (may read, not edit), 400 for a text post
     */
    async refresh(actor: UserActor, postId: number, onQueued: () => void): Promise<PageCopy> {
      const post = await accessiblePost(actor, postId, Permission.WRITE);
      if (post.url === null) throw badRequest('A text post has no page to copy.');
      await queueCopy(db, postId, clock().toISOString(), { onlyIfAuto: false, keepCopy: true });
      onQueued();
      return present(await findCopy(db, postId));
    },

    /** GET /api/posts/{id}/copy/snapshot. @throws 404 without a saved copy or access */
    async snapshot(actor: AuthenticatedActor, postId: number): Promise<FileDownload> {
      await accessiblePost(actor, postId, Permission.READ);
      const row = await findCopy(db, postId);
      const stored =
        row?.kind != null ? await store.read('snapshots', snapshotName(postId)) : undefined;
      if (!stored) throw notFound('Snapshot');
      return {
        body: await decompressSnapshot(stored),
        contentType: row!.kind === 'pdf' ? 'application/pdf' : 'text/html; charset=utf-8',
        headers: SNAPSHOT_HEADERS,
      };
    },

    /**
     * Removes the snapshots of posts deleted for good, once the deletion has committed (their
     * copy rows went with them). A snapshot that cannot be removed is left: it is never served.
     */
    async removeSnapshots(postIds: readonly number[]): Promise<void> {
      for (const id of postIds) await store.remove('snapshots', snapshotName(id));
    },

    /** The posts of a user with a copy, read in the transaction that deletes the user. */
    listCopiedPostIdsOfUser: (trx: Db, userId: number) => listCopyPostIdsOfUser(trx, userId),
  };
}
