import type { FastifyBaseLogger } from 'fastify';
import { Permission } from '../../../contract/permissions.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomAlphanumeric } from '../../lib/random-token.ts';
import { hashPassword } from '../auth/passwords.ts';
import { countUsers, insertUser } from './users.repository.ts';

export const DEFAULT_OWNER_EMAIL = 'admin@localhost';

/**
 * On a database without users, creates the instance owner (permission 255) from
 * OWNER_EMAIL / OWNER_PASSWORD, or `admin@localhost` with a random password written once to the
 * log. Does nothing when any user exists, nor when another process starting on the same database
 * at the same moment created the owner first (its insert wins, this one meets the unique email).
 */
export async function ensureOwnerAccount(
  db: Db,
  options: { email: string | undefined; password: string | undefined },
  log: FastifyBaseLogger,
  clock: Clock,
): Promise<void> {
  if ((await countUsers(db)) > 0) return;
  const email = options.email ?? DEFAULT_OWNER_EMAIL;
  const password = options.password ?? randomAlphanumeric(20);
  try {
    await insertUser(db, {
      name: 'Owner',
      email,
      passwordHash: await hashPassword(password),
      permission: Permission.OWNER,
      now: clock().toISOString(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) return;
    throw error;
  }
  if (options.password) {
    log.info({ email }, 'Created the owner account from OWNER_EMAIL and OWNER_PASSWORD');
  } else {
    log.warn(
      `Created the owner account. Sign in as ${email} with the password ${password} (shown only this once).`,
    );
  }
}
