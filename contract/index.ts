import { apiTokenEndpoints } from './api-tokens.ts';
import { authEndpoints } from './auth.ts';
import { bookmarksIoEndpoints } from './bookmarks-io.ts';
import { collectionEndpoints } from './collections.ts';
import type { Endpoint } from './endpoint.ts';
import { feedEndpoints } from './feeds.ts';
import { fileEndpoints } from './files.ts';
import { healthEndpoints } from './health.ts';
import { linkPreviewEndpoints } from './link-preview.ts';
import { pageCopyEndpoints } from './page-copies.ts';
import { postEndpoints } from './posts.ts';
import { shareEndpoints } from './shares.ts';
import { tagEndpoints } from './tags.ts';
import { userEndpoints } from './users.ts';

/** Every endpoint of the API, by feature (the table docs/API.md documents). */
export const endpointsByFeature: Record<string, Record<string, Endpoint>> = {
  health: healthEndpoints,
  auth: authEndpoints,
  posts: postEndpoints,
  'page-copies': pageCopyEndpoints,
  collections: collectionEndpoints,
  tags: tagEndpoints,
  shares: shareEndpoints,
  'bookmarks-io': bookmarksIoEndpoints,
  users: userEndpoints,
  files: fileEndpoints,
  'link-preview': linkPreviewEndpoints,
  'api-tokens': apiTokenEndpoints,
  feeds: feedEndpoints,
};
