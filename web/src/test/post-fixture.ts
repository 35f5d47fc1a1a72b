import type { Post } from '../../../contract/posts.ts';

/** A saved text post for tests; `overrides` set the fields a test is about. */
export function aPost(overrides: Partial<Post> = {}): Post {
  return {
    id: 9,
    type: 'text',
    title: 'T',
    content: 'x',
    url: null,
    base_url: null,
    description: null,
    color: null,
    image_path: null,
    collection_id: 5,
    user_id: 1,
    order: 1,
    is_archived: false,
    is_favorite: false,
    preview_status: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
