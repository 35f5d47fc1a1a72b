import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { User } from '../../../contract/auth.ts';
import { Permission } from '../../../contract/permissions.ts';
import type { createUserBody, updateUserBody } from '../../../contract/users.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { UserActor } from '../../http/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { passwordGuessKeys } from '../auth/login-throttle.ts';
import { guessPassword } from '../auth/attempt-limit.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { FilesService } from '../files/files.service.ts';
import { endOtherSessions } from '../auth/session-revocation.ts';
import { userDeletionRefusal, userUpdateRefusal } from './user-policy.ts';
import type { PageCopiesService } from '../page-copies/page-copies.service.ts';
import { toUser } from './users.presenter.ts';
import {
  countUsers,
  deleteUserAndData,
  insertUser,
  listUsers,
  lockOwnerIds,
  updateUser,
} from './users.repository.ts';
import { findUser, findUserByEmail, updateUserPassword } from './user-accounts.ts';

const EMAIL_IN_USE = 'This email address is already in use.';
const WRONG_PASSWORD = 'The current password is not correct.';
const EMAIL_NEEDS_PASSWORD = 'Enter your current password to change the email address.';

const emailInUse = () => conflict(EMAIL_IN_USE, { email: [EMAIL_IN_USE] });

/** The notice to the old address of an account whose email address was changed. */
function emailChangedMail(oldEmail: string, newEmail: string, byOwner: boolean): Mail {
  return {
    to: oldEmail,
    subject: 'Your Nestmark email address was changed',
    text: [
      `The email address of your Nestmark account was changed from ${oldEmail} to ${newEmail}${
        byOwner ? ' by the owner of this Nestmark instance, and you were signed out' : ''
      }.`,
      '',
      'If you did not expect this, contact the owner of this Nestmark instance at once.',
    ].join('\n'),
  };
}

/** Runs a write that may hit the unique email index, turning that into a 409. */
async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
}

export type UserAdministration = ReturnType<typeof createUserAdministration>;

/**
 * The account rules of user administration without a signed-in actor (PRODUCT.md#users): the
 * owner's `create` below goes through them after its permission check, and the operator's command
 * line (docs/ARCHITECTURE.md#command-line) calls them directly: whoever runs it holds the
 * server's data already. The same password rules, email normalization and uniqueness apply.
 */
export function createUserAdministration({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Every user, by name (ignoring case), then id. */
    async list(): Promise<User[]> {
      return (await listUsers(db)).map(toUser);
    },

    /**
     * A new user with permission 7; with `ownerIfFirst`, the owner (255) when the instance has no
     * user yet, as the server's first start would make it (PRODUCT.md#permissions).
     * @throws 400 on `password` when it is easy to guess; 409 email in use
     */
    async create(
      body: z.output<typeof createUserBody>,
      options: { ownerIfFirst: boolean },
    ): Promise<User> {
      await assertStrongPassword(body.password, 'password', [body.name, body.email]);
      const passwordHash = await hashPassword(body.password);
      return guardEmail(() =>
        db.transaction().execute(async (trx) => {
          if (await findUserByEmail(trx, body.email)) throw emailInUse();
          const first = options.ownerIfFirst && (await countUsers(trx)) === 0;
          const row = await insertUser(trx, {
            name: body.name,
            email: body.email,
            passwordHash,
            permission: first ? Permission.OWNER : Permission.FULL,
            now: clock().toISOString(),
          });
          return toUser(row);
        }),
      );
    },

    /**
     * Sets user `id`'s password and ends all of their sessions, as a password reset does
     * (PRODUCT.md#sign-in-screens), without the reset link.
     * @throws 404; 400 on `password` when it is easy to guess
     */
    async setPassword(id: number, password: string): Promise<void> {
      const user = await findUser(db, id);
      if (!user) throw notFound('User');
      await assertStrongPassword(password, 'password', [user.name, user.email]);
      const passwordHash = await hashPassword(password);
      const now = clock().toISOString();
      await db.transaction().execute(async (trx) => {
        await updateUserPassword(trx, id, passwordHash, now);
        await endOtherSessions(trx, id, null, now);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** User administration and one's own account (PRODUCT.md#users, API.md). */
export function createUsersService({
  db,
  clock,
  files,
  pageCopies,
  mailer,
  log,
}: {
  db: Db;
  clock: Clock;
  files: Pick<FilesService, 'listFileNamesOfUser' | 'removeFiles'>;
  /** The snapshots of the user's page copies go with the user. */
  pageCopies: Pick<PageCopiesService, 'listCopiedPostIdsOfUser' | 'removeSnapshots'>;
  /** Sends the notice of an email change to the old address. */
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const administration = createUserAdministration({ db, clock });

  /**
   * Checks `password` against the actor's own account, as one attempt of the shared sign-in
   * limits (from client `address`).
   * @throws 400 on `password_old` when it is wrong; 429 after too many failures
   */
  async function confirmActorPassword(
    actor: UserActor,
    password: string,
    address: string,
  ): Promise<void> {
    const self = await findUser(db, actor.userId);
    if (!self) throw notFound('User');
    const keys = passwordGuessKeys(self.email, address);
    const right = await guessPassword(db, clock(), keys, () =>
      verifyPassword(self.password_hash, password),
    );
    if (!right) throw badRequest(WRONG_PASSWORD, { password_old: [WRONG_PASSWORD] });
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

    /**
     * A new user with permission 7.
     * @throws 403 unless the actor is the owner; 400 on `password` when it is easy to guess;
     * 409 email in use
     */
    async create(actor: UserActor, body: z.output<typeof createUserBody>): Promise<User> {
      if (actor.permission !== Permission.OWNER)
        throw forbidden('Only the owner can create users.');
      return administration.create(body, { ownerIfFirst: false });
    },

    /**
     * Changes the given fields (see `userUpdateRefusal` for who may change what). A new
     * password or a new email address needs the actor's own current password (`password_old`),
     * so a stolen session or an owner cannot take an account over by changing its email and
     * resetting the password. A new password ends the user's other sessions; a new email is
     * mailed to the old address and, when the owner changed it, ends all of the user's sessions.
     * @throws 404; 403; 400 on `password_old` when it is missing or wrong, on `password_new`
     * when it is easy to guess; 429 after too many wrong ones; 409 email in use
     */
    async update(
      actor: UserActor,
      id: number,
      body: z.output<typeof updateUserBody>,
      /** The client address (`request.ip`), for the sign-in limits. */
      address: string,
    ): Promise<User> {
      const user = await findUser(db, id);
      if (!user) throw notFound('User');
      const refusal = userUpdateRefusal(
        { userId: actor.userId, isOwner: actor.permission === Permission.OWNER },
        id,
        body,
      );
      if (refusal) throw refusal;
      const newEmail = body.email !== undefined && body.email !== user.email ? body.email : null;
      if (newEmail !== null || body.password_new !== undefined) {
        if (!body.password_old) {
          throw badRequest(EMAIL_NEEDS_PASSWORD, { password_old: [EMAIL_NEEDS_PASSWORD] });
        }
        await confirmActorPassword(actor, body.password_old, address);
      }
      if (body.password_new !== undefined) {
        await assertStrongPassword(body.password_new, 'password_new', [
          body.name ?? user.name,
          body.email ?? user.email,
        ]);
      }
      const passwordHash =
        body.password_new === undefined ? undefined : await hashPassword(body.password_new);
      const byOwner = actor.userId !== id;
      const now = clock().toISOString();
      const updated = await guardEmail(() =>
        db.transaction().execute(async (trx) => {
          if (body.email !== undefined) {
            const holder = await findUserByEmail(trx, body.email);
            if (holder && holder.id !== id) throw emailInUse();
          }
          const row = await updateUser(
            trx,
            id,
            {
              name: body.name,
              email: body.email,
              theme: body.theme,
              autoPageCopies: body.auto_page_copies,
              passwordHash,
            },
            now,
          );
          if (!row) throw notFound('User');
          if (passwordHash) await endOtherSessions(trx, id, actor.sessionId, now);
          if (newEmail !== null && byOwner) await endOtherSessions(trx, id, null, now);
          return toUser(row);
        }),
      );
      if (newEmail !== null) {
        // The change stands even if the mail server is down; the failure is logged.
        await mailer
          .send(emailChangedMail(user.email, newEmail, byOwner))
          .catch((error: unknown) =>
            log.error({ err: error }, 'mailing an email change notice failed'),
          );
      }
      return updated;
    },

    /**
     * Deletes the user and all their data in one transaction, then their stored files.
     * @throws 403 unless the actor is the owner, or for oneself (so an owner always remains); 404
     */
    async delete(actor: UserActor, id: number): Promise<void> {
      const { fileNames, copiedPostIds } = await db.transaction().execute(async (trx) => {
        const ownerIds = await lockOwnerIds(trx);
        const refusal = userDeletionRefusal(actor.userId, id, ownerIds);
        if (refusal) throw refusal;
        if (!(await findUser(trx, id))) throw notFound('User');
        const names = await files.listFileNamesOfUser(trx, id);
        const postIds = await pageCopies.listCopiedPostIdsOfUser(trx, id);
        await deleteUserAndData(trx, id);
        return { fileNames: names, copiedPostIds: postIds };
      });
      await files.removeFiles(fileNames);
      await pageCopies.removeSnapshots(copiedPostIds);
    },
  };
}
