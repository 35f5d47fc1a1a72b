import { exportFileName } from '../../../contract/bookmarks-io.ts';
import { Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import type { CollectionRow } from '../../db/schema.ts';
import type { UserActor } from '../../http/actor.ts';
import type { FileDownload } from '../../http/endpoint.ts';
import type { Clock } from '../../lib/clock.ts';
import { getAccessibleCollection } from '../collections/collection-access.ts';
import { buildTree, subtreeIds, type TreeNode } from '../collections/collection-tree.ts';
import { listCollectionsOwnedBy } from '../collections/collection-store.ts';
import { noteTitle, textOf } from '../posts/post-content.ts';
import { listPosts, type ListedPost } from '../posts/post-listing.ts';
import { listTagsOfPosts } from '../tags/post-tags.ts';
import { listLivePostsIn } from './bookmarks-io.repository.ts';
import type { Bookmark, BookmarkFolder, BookmarkNode } from './netscape-reader.ts';
import { writeBookmarkFile } from './netscape-writer.ts';

export type BookmarksIoService = ReturnType<typeof createBookmarksIoService>;

/**
 * Export of Netscape bookmark files (PRODUCT.md#import-and-export, #after-an-action, API.md
 * `GET /api/exports`).
 */
export function createBookmarksIoService({
  db,
  clock,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  /** Public origin: text notes are exported as links to their page there. */
  appUrl: string;
}) {
  /**
   * A post as a bookmark: a link post as itself, a text note as a link to its post page, its
   * description (a note imported from Shaarli keeps its text there) or else its text as `<DD>`.
   */
  function toBookmark(row: ListedPost, tags: string[]): Bookmark {
    const dates = { addDate: Date.parse(row.created_at), lastModified: Date.parse(row.updated_at) };
    if (row.type === 'link' && row.url !== null) {
      return {
        kind: 'bookmark',
        title: row.title ?? row.url,
        url: row.url,
        ...dates,
        description: row.description,
        tags,
      };
    }
    const text = textOf(row.content).trim();
    return {
      kind: 'bookmark',
      title: noteTitle(row.title, text),
      url: `${appUrl}/p/${row.id}`,
      ...dates,
      description: row.description ?? (text || null),
      tags,
    };
  }

  return {
    /**
     * The actor's collections as nested folders and their live posts as bookmarks, with dates,
     * tags and descriptions (Uncategorized posts at the top level); text notes are bookmarks of
     * their post page (`APP_URL/p/{id}`) with their text as description.
     *
     * @param query.collection_id only this collection and everything below it (the actor needs
     *   read access; its owner's posts), or 0 for only the actor's Uncategorized posts.
     * @returns a UTF-8 HTML file named `nestmark-bookmarks-YYYY-MM-DD.html` (UTC date).
     * @throws 404 for a collection the actor may not see.
     */
    async export(actor: UserActor, query: { collection_id?: number }): Promise<FileDownload> {
      let collections: CollectionRow[] = [];
      let rows: readonly ListedPost[];
      if (query.collection_id === 0) {
        rows = await listPosts(
          db,
          { kind: 'list', scope: { uncategorizedOf: actor.userId } },
          { limit: 0 },
        );
      } else if (query.collection_id !== undefined) {
        const root = await getAccessibleCollection(db, actor, query.collection_id, Permission.READ);
        const owned = await listCollectionsOwnedBy(db, root.user_id);
        const inSubtree = new Set(subtreeIds(owned, root.id));
        collections = owned.filter((row) => inSubtree.has(row.id));
        rows = await listLivePostsIn(db, [...inSubtree]);
      } else {
        collections = await listCollectionsOwnedBy(db, actor.userId);
        rows = await listPosts(db, { kind: 'all-live', userId: actor.userId }, { limit: 0 });
      }
      // As the collection view shows them: highest order first.
      rows = [...rows].sort((a, b) => b.order - a.order || b.id - a.id);
      const tags = await listTagsOfPosts(
        db,
        rows.map((row) => row.id),
      );
      const bookmarksIn = new Map<number | null, Bookmark[]>();
      for (const row of rows) {
        const list = bookmarksIn.get(row.collection_id) ?? [];
        list.push(
          toBookmark(
            row,
            (tags.get(row.id) ?? []).map((tag) => tag.name),
          ),
        );
        bookmarksIn.set(row.collection_id, list);
      }
      const toFolder = (node: TreeNode<CollectionRow>): BookmarkFolder => ({
        kind: 'folder',
        title: node.name,
        addDate: Date.parse(node.created_at),
        lastModified: Date.parse(node.updated_at),
        description: null,
        children: [...(bookmarksIn.get(node.id) ?? []), ...node.nested.map(toFolder)],
      });
      const roots: BookmarkNode[] = [
        ...(bookmarksIn.get(null) ?? []),
        ...buildTree(collections).map(toFolder),
      ];
      return {
        body: writeBookmarkFile(roots),
        contentType: 'text/html; charset=utf-8',
        fileName: exportFileName(clock()),
      };
    },
  };
}
