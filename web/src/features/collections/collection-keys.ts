/**
 * Query keys of the collections feature. The tree and each collection carry post counts, so the
 * posts feature marks them stale when posts come and go (posts.queries.ts, markListsStale).
 */
export const collectionKeys = {
  all: ['collections'] as const,
  tree: ['collections', 'tree'] as const,
  detail: (id: number) => ['collections', 'detail', id] as const,
};
