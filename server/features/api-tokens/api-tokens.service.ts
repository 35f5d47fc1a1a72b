import { sha256Hex } from '../../lib/digest.ts';
import type { z } from 'zod';
import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type createApiTokenBody,
  type createdApiTokenSchema,
} from '../../../contract/api-tokens.ts';
import type { Db } from '../../db/database.ts';
import type { ApiTokenRow } from '../../db/schema.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { randomId } from '../../lib/random-token.ts';
import {
  deleteApiToken,
  findApiTokenByHash,
  insertApiToken,
  listApiTokensOf,
  markApiTokenUsed,
} from './api-tokens.repository.ts';

/** 32 random bytes: 256 bits, 43 base64url characters after the prefix. */
const TOKEN_BYTES = 32;

/** `last_used_at` is written at most once per this many milliseconds per token. */
const LAST_USED_RESOLUTION_MS = 60_000;

function toApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

/** Personal access tokens (PRODUCT.md#access-tokens): create, list, revoke, authenticate. */
export function createApiTokensService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    list: async (actor: UserActor): Promise<ApiToken[]> =>
      (await listApiTokensOf(db, actor.userId)).map(toApiToken),

    /**
     * A new token of the caller's; the answer is the only place the token appears.
     * @throws 400 on `expires_at` when it is not after now
     */
    async create(
      actor: UserActor,
      body: z.output<typeof createApiTokenBody>,
    ): Promise<z.input<typeof createdApiTokenSchema>> {
      const now = clock();
      const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
      if (expiresAt && expiresAt <= now) {
        throw badRequest('The expiry must be in the future.', {
          expires_at: ['The expiry must be in the future.'],
        });
      }
      const token = API_TOKEN_PREFIX + randomId(TOKEN_BYTES);
      const row = await insertApiToken(db, {
        user_id: actor.userId,
        name: body.name,
        scope: body.scope,
        token_hash: sha256Hex(token),
        created_at: now.toISOString(),
        expires_at: expiresAt?.toISOString() ?? null,
      });
      return { ...toApiToken(row), token };
    },

    /** @throws 404 when the caller has no token `id` */
    async revoke(actor: UserActor, id: number): Promise<void> {
      if (!(await deleteApiToken(db, actor.userId, id))) throw notFound('Access token');
    },

    /**
     * The actor of a personal access token that exists and has not expired; null otherwise.
     * Records the use (at most once a minute per token).
     */
    async authenticate(token: string): Promise<UserActor | null> {
      const row = await findApiTokenByHash(db, sha256Hex(token));
      const now = clock();
      if (!row || (row.expires_at !== null && row.expires_at <= now.toISOString())) return null;
      if (
        row.last_used_at === null ||
        now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS
      ) {
        await markApiTokenUsed(db, row.id, now.toISOString());
      }
      return {
        kind: 'user',
        userId: row.user_id,
        sessionId: null,
        apiToken: { id: row.id, scope: row.scope },
        permission: row.permission,
      };
    },
  };
}
