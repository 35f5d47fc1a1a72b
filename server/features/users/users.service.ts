import type { z } from 'zod';
import type { User } from '../../../contract/auth.ts';
import { Permission } from '../../../contract/permissions.ts';
import type { createUserBody, updateUserBody } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { accountThrottleKey } from '../auth/login-throttle.ts';
import { guessPassword } from '../auth/attempt-limit.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { FilesService } from '../files/files.service.ts';
import { endOtherSessions } from '../auth/sessions.repository.ts';
import { userDeletionRefusal, userUpdateRefusal } from './user-policy.ts';
import { toUser } from './users.presenter.ts';
import {
  deleteUserAndData,
  findUser,
  findUserByEmail,
  insertUser,
  listUsers,
  lockOwnerIds,
  updateUser,
} from './users.repository.ts';

const EMAIL_IN_USE = 'This email address is already in use.';
const WRONG_PASSWORD = 'The current password is not correct.';

const emailInUse = () => conflict(EMAIL_IN_USE, { email: [EMAIL_IN_USE] });

export type UsersService = ReturnType<typeof createUsersService>;

/** User administration and one's own account (SPEC §2 Users, §7; REFERENCE §8). */
export function createUsersService({
  db,
  clock,
  files,
}: {
  db: Db;
  clock: Clock;
  files: Pick<FilesService, 'listFileNamesOfUser' | 'removeFiles'>;
}) {
  /** Runs a write that may hit the unique email index, turning that into a 409. */
  async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw emailInUse();
      throw error;
    }
  }

  return {
    /** Every user by name; with `search`, the others whose name contains it, ignoring case. */
    async list(actor: UserActor, query: { search?: string }): Promise<User[]> {
      const rows = await listUsers(
        db,
        query.search === undefined ? {} : { search: query.search, excludeId: actor.userId },
      );
      return rows.map(toUser);
    },

    /** @throws 404 */
    async get(id: number): Promise<User> {
      const user = await findUser(db, id);
      if (!user) throw notFound('User');
      return toUser(user);
    },

    /** A new user with permission 7. @throws 403 unless the actor is the owner; 409 email in use */
    async create(actor: UserActor, body: z.output<typeof createUserBody>): Promise<User> {
      if (actor.permission !== Permission.OWNER)
        throw forbidden('Only the owner can create users.');
      const passwordHash = await hashPassword(body.password);
      return guardEmail(() =>
        db.transaction().execute(async (trx) => {
          if (await findUserByEmail(trx, body.email)) throw emailInUse();
          const row = await insertUser(trx, {
            name: body.name,
            email: body.email,
            passwordHash,
            permission: Permission.FULL,
            now: clock().toISOString(),
          });
          return toUser(row);
        }),
      );
    },

    /**
     * Changes the given fields (see `userUpdateRefusal` for who may change what). A new
     * password needs the right current one and ends the user's other sessions.
     * @throws 404; 403; 400 on `password_old` when it is wrong; 409 email in use
     */
    async update(
      actor: UserActor,
      id: number,
      body: z.output<typeof updateUserBody>,
    ): Promise<User> {
      const user = await findUser(db, id);
      if (!user) throw notFound('User');
      const refusal = userUpdateRefusal(
        { userId: actor.userId, isOwner: actor.permission === Permission.OWNER },
        id,
        body,
      );
      if (refusal) throw refusal;
      let passwordHash: string | undefined;
      if (body.password_old !== undefined && body.password_new !== undefined) {
        const passwordOld = body.password_old;
        const right = await guessPassword(db, clock(), [accountThrottleKey(user.email)], () =>
          verifyPassword(user.password_hash, passwordOld),
        );
        if (!right) {
          throw badRequest(WRONG_PASSWORD, { password_old: [WRONG_PASSWORD] });
        }
        passwordHash = await hashPassword(body.password_new);
      }
      const now = clock().toISOString();
      return guardEmail(() =>
        db.transaction().execute(async (trx) => {
          if (body.email !== undefined) {
            const holder = await findUserByEmail(trx, body.email);
            if (holder && holder.id !== id) throw emailInUse();
          }
          const updated = await updateUser(
            trx,
            id,
            { name: body.name, email: body.email, theme: body.theme, passwordHash },
            now,
          );
          if (!updated) throw notFound('User');
          if (passwordHash) await endOtherSessions(trx, id, actor.sessionId, now);
          return toUser(updated);
        }),
      );
    },

    /**
     * Deletes the user and all their data in one transaction, then their stored files.
     * @throws 403 unless the actor is the owner, or for oneself (so an owner always remains); 404
     */
    async delete(actor: UserActor, id: number): Promise<void> {
      const fileNames = await db.transaction().execute(async (trx) => {
        const ownerIds = await lockOwnerIds(trx);
        const refusal = userDeletionRefusal(actor.userId, id, ownerIds);
        if (refusal) throw refusal;
        if (!(await findUser(trx, id))) throw notFound('User');
        const names = await files.listFileNamesOfUser(trx, id);
        await deleteUserAndData(trx, id);
        return names;
      });
      await files.removeFiles(fileNames);
    },
  };
}
