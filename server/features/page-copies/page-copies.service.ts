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
import { compressSnapshot, decompressSnapshot, snapshotHtml } from './page-snapshot.ts';
import type { PdfCopy } from './pdf-text.ts';
import type { ArticleCopy } from './readable-copy.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Extractors, loaded with the first copy rather than at start (OPERATIONS.md#start-time-and-memory). */
const loadReadableCopy = () => import('./readable-copy.ts');
const loadPdfText = () => import('./pdf-text.ts');
const loadCharsets = () => import('../../lib/html-charset.ts');

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
  caps,
  accountMaxBytes,
}: {
  db: Db;
  clock: Clock;
  fetcher: LinkFetcher;
  store: FileStore;
  caps: CopyCaps;
  /** What one account's copies may take together, in bytes (COPIES_MAX_MB). */
  accountMaxBytes: number;
}) {
  /** The copy of a page's bytes as fetched, or why there is none. */
  async function extract(
    kind: 'article' | 'pdf',
    body: Buffer,
    charset: string | null,
    pageUrl: string,
  ): Promise<ArticleCopy | PdfCopy | CopyFailure> {
    if (kind === 'pdf') return (await loadPdfText()).extractPdfText(body, caps);
    return (await loadReadableCopy()).readReadableCopy(body, charset, pageUrl, caps);
  }

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
   * copy the snapshot in the file store (a failed copy keeps none). @returns the outcome, or
   * undefined when the claim was lost meanwhile (a refresh or a new link queued the copy afresh).
   */
  async function copy(claim: ClaimedCopy): Promise<CopyOutcome | undefined> {
    const outcome = await makeCopy(claim);
    const now = clock().toISOString();
    if ('reason' in outcome) {
      const { kind: _kind, ...reason } = outcome;
      const written = await db
        .transaction()
        .execute((trx) => failCopy(trx, claim, JSON.stringify(reason), now));
      if (written) await store.remove('snapshots', snapshotName(claim.postId));
      return written ? 'failed' : undefined;
    }
    const { fields, snapshot } = outcome;
    // The snapshot first: a saved row always has its snapshot (a lost claim leaves the file
    // to be replaced by the next copy of the post).
    await store.write('snapshots', snapshotName(claim.postId), snapshot);
    const written = await db.transaction().execute((trx) => saveCopy(trx, claim, fields, now));
    return written ? 'saved' : undefined;
  }

  /** The fetch and the extraction of a copy: what to store, or why not. */
  async function makeCopy(
    claim: ClaimedCopy,
  ): Promise<CopyFailure | { fields: Parameters<typeof saveCopy>[2]; snapshot: Buffer }> {
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
    const extracted = await extract(kind, page.body, page.charset, page.url);
    if (extracted.kind === 'failure') return extracted;
    // An HTML snapshot is kept in UTF-8, as it is served: its own charset is known only now.
    const snapshot = await compressSnapshot(
      kind === 'pdf'
        ? page.body
        : Buffer.from(
            await snapshotHtml(
              (await loadCharsets()).decodeHtml(page.body, { transportCharset: page.charset }).text,
              page.url,
            ),
          ),
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
    const saved = row?.status === 'saved';
    const failure =
      row?.status === 'failed' && row.failure ? (JSON.parse(row.failure) as object) : null;
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
      await queueCopy(trx, postId, clock().toISOString(), { onlyIfAuto: true });
    },

    /** GET /api/posts/{id}/copy. @throws 404 when the actor may not read the post */
    async get(actor: AuthenticatedActor, postId: number): Promise<PageCopy> {
      await accessiblePost(actor, postId, Permission.READ);
      return present(await findCopy(db, postId));
    },

    /**
     * POST /api/posts/{id}/copy: queues the copy afresh (the worker is told by `onQueued`).
     * @throws 404, 403 (may read, not edit), 400 for a text post
     */
    async refresh(actor: UserActor, postId: number, onQueued: () => void): Promise<PageCopy> {
      const post = await accessiblePost(actor, postId, Permission.WRITE);
      if (post.url === null) throw badRequest('A text post has no page to copy.');
      await queueCopy(db, postId, clock().toISOString(), { onlyIfAuto: false });
      onQueued();
      return present(await findCopy(db, postId));
    },

    /** GET /api/posts/{id}/copy/snapshot. @throws 404 without a saved copy or access */
    async snapshot(actor: AuthenticatedActor, postId: number): Promise<FileDownload> {
      await accessiblePost(actor, postId, Permission.READ);
      const row = await findCopy(db, postId);
      const stored =
        row?.status === 'saved' ? await store.read('snapshots', snapshotName(postId)) : undefined;
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
