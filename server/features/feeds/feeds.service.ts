import { sha256Hex } from '../../lib/digest.ts';
import {
  ATOM_CONTENT_TYPE,
  FEED_ENTRY_LIMIT,
  FEED_TOKEN_LENGTH,
  feedEndpoints,
  type FeedTokenStatus,
  type NewFeedToken,
} from '../../../contract/feeds.ts';
import { endpointUrl } from '../../../contract/endpoint.ts';
import { Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionRow } from '../../db/schema.ts';
import type { AuthenticatedActor, ShareActor, UserActor } from '../../http/actor.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random-token.ts';
import { getAccessibleCollection } from '../collections/collection-access.ts';
import { subtreeIds } from '../collections/collection-tree.ts';
import { listCollectionsOwnedBy } from '../collections/collection-store.ts';
import { noteTitle, textOf } from '../posts/post-content.ts';
import { listPosts, type ListedPost } from '../posts/post-listing.ts';
import { writeAtomFeed, type FeedEntry } from './atom-feed.ts';
import {
  deleteFeedToken,
  findFeedToken,
  findFeedTokenUser,
  replaceFeedToken,
} from './feeds.repository.ts';

export type FeedsService = ReturnType<typeof createFeedsService>;

/** Longest summary of an entry, in characters; a longer text is cut and ends with "…". */
export const FEED_SUMMARY_MAX = 1000;

/**
 * Every refusal of a feed is this one 404: an unknown token, a collection that does not exist and
 * one the token's user may not read look alike (PRODUCT.md#feeds).
 */
const feedNotFound = () => notFound('Feed');

/** `text` cut to {@link FEED_SUMMARY_MAX} characters. */
function summaryOf(text: string): string {
  return text.length > FEED_SUMMARY_MAX ? `${text.slice(0, FEED_SUMMARY_MAX - 1)}…` : text;
}

/**
 * Atom feeds of collections and the users' feed tokens (PRODUCT.md#feeds, API.md "Feeds").
 * `shareActor` resolves a public share token (the shares service's `authenticate`).
 */
export function createFeedsService({
  db,
  clock,
  appUrl,
  shareActor,
}: {
  db: Db;
  clock: Clock;
  /** Public origin of the app: entries link to its post pages, feeds to their own URL. */
  appUrl: string;
  shareActor: (token: string) => Promise<ShareActor | null>;
}) {
  /** The collection, if `actor` may read it; else the feed's one 404. */
  async function readableCollection(
    actor: AuthenticatedActor,
    collectionId: number,
  ): Promise<CollectionRow> {
    try {
      return await getAccessibleCollection(db, actor, collectionId, Permission.READ);
    } catch (error) {
      throw error instanceof AppError && error.statusCode === 404 ? feedNotFound() : error;
    }
  }

  /** The ids of `root` and, with `descendants`, of every collection below it. */
  async function collectionIdsUnder(root: CollectionRow, descendants: boolean): Promise<number[]> {
    if (!descendants) return [root.id];
    return subtreeIds(await listCollectionsOwnedBy(db, root.user_id), root.id);
  }

  /**
   * A post as an entry: a link post leads to its link, a note to its page (`postPage`); the
   * summary is the description, else a note's text; tags are categories.
   */
  function toEntry(post: ListedPost, postPage: string): FeedEntry {
    const text = post.type === 'text' ? textOf(post.content).trim() : '';
    const isLink = post.type === 'link' && post.url !== null && URL.canParse(post.url);
    const summary = post.description?.trim() || text;
    return {
      id: `${appUrl}/p/${post.id}`,
      title: isLink ? post.title?.trim() || post.url! : noteTitle(post.title, text),
      link: isLink ? post.url! : postPage,
      summary: summary ? summaryOf(summary) : null,
      categories: (post.tags ?? []).map((tag) => tag.name),
      published: new Date(post.created_at),
      updated: new Date(post.updated_at),
    };
  }

  /** The feed of `root` and the collections `collectionIds` (root included). */
  async function feedOf(
    root: CollectionRow,
    collectionIds: number[],
    urls: { self: string; alternate: string; postPage: (id: number) => string },
  ): Promise<FileDownload> {
    const posts = await listPosts(
      db,
      { kind: 'collections', collectionIds },
      { limit: FEED_ENTRY_LIMIT, withTags: true },
    );
    const entries = posts.map((post) => toEntry(post, urls.postPage(post.id)));
    const newest = Math.max(
      Date.parse(root.updated_at),
      ...entries.map((entry) => entry.updated.getTime()),
    );
    return {
      body: await writeAtomFeed({
        id: `${appUrl}/c/${root.id}`,
        title: root.name,
        alternate: urls.alternate,
        self: urls.self,
        updated: new Date(newest),
        entries,
      }),
      contentType: ATOM_CONTENT_TYPE,
      // The URL holds a secret: not for search engines, not passed on to the sites it links.
      headers: {
        'cache-control': 'private, no-cache',
        'x-robots-tag': 'noindex',
        'referrer-policy': 'no-referrer',
      },
    };
  }

  return {
    /**
     * The feed of what an active public share opens: its collection, and the collections below
     * it when the share includes them (PRODUCT.md#feeds). Notes link to the public view's post
     * page (`/p/{id}?token=…`), the feed to the public view (`/s?token=…`).
     * @returns Atom, newest {@link FEED_ENTRY_LIMIT} live posts by creation time.
     * @throws 404 for a token that opens nothing (unknown, switched off or revoked).
     */
    async publicShareFeed(token: string): Promise<FileDownload> {
      const actor = await shareActor(token);
      if (!actor) throw feedNotFound();
      const root = await readableCollection(actor, actor.collectionId);
      const query = `token=${encodeURIComponent(token)}`;
      return feedOf(root, await collectionIdsUnder(root, actor.includeDescendants), {
        self: `${appUrl}${endpointUrl(feedEndpoints.publicShareFeed, {}, { token })}`,
        alternate: `${appUrl}/s?${query}`,
        postPage: (id) => `${appUrl}/p/${id}?${query}`,
      });
    },

    /**
     * The feed of a collection and every collection below it, for the user whose feed token is
     * `feedToken`, if they may read it now: its owner, or a member of a share that covers it.
     * @returns Atom, newest {@link FEED_ENTRY_LIMIT} live posts by creation time.
     * @throws 404 alike for an unknown token, a missing collection and one the user may not read.
     */
    async collectionFeed(feedToken: string, collectionId: number): Promise<FileDownload> {
      const user = await findFeedTokenUser(db, sha256Hex(feedToken));
      if (!user) throw feedNotFound();
      // The token stands for its user, to read only; it opens no session.
      const actor: UserActor = {
        kind: 'user',
        userId: user.user_id,
        sessionId: null,
        permission: user.permission,
      };
      const root = await readableCollection(actor, collectionId);
      return feedOf(root, await collectionIdsUnder(root, true), {
        self: `${appUrl}${endpointUrl(feedEndpoints.collectionFeed, { feed_token: feedToken, id: collectionId })}`,
        alternate: `${appUrl}/c/${root.id}`,
        postPage: (id) => `${appUrl}/p/${id}`,
      });
    },

    /** When the actor's feed token was made; null when they have none. */
    async feedToken(actor: UserActor): Promise<FeedTokenStatus | null> {
      return (await findFeedToken(db, actor.userId)) ?? null;
    },

    /**
     * A new feed token for the actor, replacing the old one (whose feeds stop at once). The token
     * is returned here only: the database keeps its SHA-256.
     */
    async regenerateFeedToken(actor: UserActor): Promise<NewFeedToken> {
      const token = randomAlphanumeric(FEED_TOKEN_LENGTH);
      const now = clock().toISOString();
      await replaceFeedToken(db, { userId: actor.userId, tokenHash: sha256Hex(token), now });
      return { token, created_at: now };
    },

    /** Removes the actor's feed token: every feed URL made from it stops at once. */
    async deleteFeedToken(actor: UserActor): Promise<void> {
      await deleteFeedToken(db, actor.userId);
    },
  };
}
