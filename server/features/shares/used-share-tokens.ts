/**
 * The shares feature's public module for other features (see docs/ARCHITECTURE.md, "Feature
 * boundaries"): the public-share tokens ever used, which are never registered again (an account
 * restore checks and records them too).
 */
import { sha256Hex } from '../../lib/digest.ts';
import type { Db } from '../../db/database.ts';

/**
 * Remembers `tokens` (ISO `now`) as used for good, hashed: whatever becomes of their shares, they
 * are never registered again. Tokens already remembered are left as they are.
 */
export async function recordUsedShareTokens(
  db: Db,
  tokens: readonly string[],
  now: string,
): Promise<void> {
  if (tokens.length === 0) return;
  await db
    .insertInto('used_share_tokens')
    .values(tokens.map((token) => ({ token_hash: sha256Hex(token), used_at: now })))
    .onConflict((conflict) => conflict.column('token_hash').doNothing())
    .execute();
}

/** Those of `tokens` that a public share has ever used. */
export async function listUsedShareTokens(db: Db, tokens: readonly string[]): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const byHash = new Map(tokens.map((token) => [sha256Hex(token), token]));
  const rows = await db
    .selectFrom('used_share_tokens')
    .select('token_hash')
    .where('token_hash', 'in', [...byHash.keys()])
    .execute();
  return new Set(rows.map((row) => byHash.get(row.token_hash)!));
}
