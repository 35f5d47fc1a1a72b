import { z } from 'zod';
import { envelope, id, timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/*
 * Atom feeds of collections (PRODUCT.md#feeds, API.md "Feeds"): one through a public share's
 * token, one through a user's feed token. Feeds are XML, so their endpoints are downloads in the
 * endpoint table, like the bookmark export; the feed token's endpoints are JSON.
 */

/** Most entries a feed holds: the newest live posts by creation time. */
export const FEED_ENTRY_LIMIT = 100;

/** Length of a generated feed token: letters and digits, like share tokens (PRODUCT.md#feeds). */
export const FEED_TOKEN_LENGTH = 32;

/** The media type of every feed response. */
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

/** When the caller's feed token was made; the token itself is shown only when it is made. */
export const feedTokenStatusSchema = z.object({ created_at: timestamp });
export type FeedTokenStatus = z.infer<typeof feedTokenStatusSchema>;

/** A feed token just made: the only time the server hands it out. */
export const newFeedTokenSchema = z.object({ token: z.string(), created_at: timestamp });
export type NewFeedToken = z.infer<typeof newFeedTokenSchema>;

/**
 * Any text is taken as a token, so that a wrong one (too short, other characters) is the same 404
 * as an unknown one: the feed URLs tell nothing about what exists.
 */
const anyToken = z.string();

export const feedEndpoints = {
  publicShareFeed: defineEndpoint({
    method: 'GET',
    path: '/api/shares/public/feed',
    summary:
      'Atom feed (`application/atom+xml`) of the collection an active public share opens: its newest 100 live posts, with those of its sub-collections when the share opens them. 404 (JSON error) for a token that opens nothing.',
    auth: 'none',
    query: z.object({ token: anyToken }),
    status: 200,
    download: true,
  }),
  collectionFeed: defineEndpoint({
    method: 'GET',
    path: '/api/feeds/{feed_token}/collections/{id}',
    summary:
      'Atom feed (`application/atom+xml`) of a collection and its sub-collections for the user whose feed token is in the path, if they may read it (owner or member): its newest 100 live posts. 404 (JSON error) alike for an unknown token and for a collection the user may not read.',
    auth: 'none',
    params: z.object({ feed_token: anyToken, id }),
    status: 200,
    download: true,
  }),
  feedToken: defineEndpoint({
    method: 'GET',
    path: '/api/feed-token',
    summary:
      "When the caller's feed token was made, or null when they have none. The token itself is never shown again.",
    auth: 'user',
    sessionOnly: true,
    status: 200,
    response: envelope(feedTokenStatusSchema.nullable()),
  }),
  regenerateFeedToken: defineEndpoint({
    method: 'POST',
    path: '/api/feed-token',
    summary:
      'Make the caller a new feed token (32 letters and digits), shown only in this answer; the previous one stops working at once, and with it every feed URL made from it.',
    auth: 'user',
    sessionOnly: true,
    status: 201,
    response: envelope(newFeedTokenSchema),
  }),
  deleteFeedToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/feed-token',
    summary: "Remove the caller's feed token: their feed URLs stop working at once (204).",
    auth: 'user',
    sessionOnly: true,
    status: 204,
  }),
};
