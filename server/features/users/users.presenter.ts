import type { User } from '../../../contract/auth.ts';
import type { UserRow } from '../../db/schema.ts';

/** The API view of a user: everything but the password hash. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    permission: row.permission,
    theme: row.theme,
    auto_page_copies: row.auto_page_copies === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
