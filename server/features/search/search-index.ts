/**
 * The search feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): searching a user's posts a page at a time, and refreshing the search documents
 * of posts whose title, text or tags changed. The search feature has no service: these
 * functions, which take the caller's `Db` and so join its transaction, are its whole face.
 */
export {
  refreshSearchDocuments,
  searchCursor,
  searchPosts,
  type SearchCursor,
  type SearchScope,
} from './search.repository.ts';
