import type { ChangePasswordRequest, LoginTokens, User, UserUpdateRequest } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.js';
import { lockRow } from '../../db/row-lock.js';
import { FieldErrorCollector, conflict, notFound } from '../../http/api-error.js';
import { checkIdentifiers, checkNewPassword } from './account-lifecycle.js';
import type { JwtService } from '../auth/jwt.js';
import { hashPassword, verifyPassword } from '../auth/password-hashing.js';
import { predictionsRepository } from '../predictions/predictions.repository.js';
import type { Storage } from '../../storage/storage.js';
import { storageKeys } from '../../storage/storage-keys.js';
import { usersRepository } from './users.repository.js';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
  };
}

export function usersService(db: Kysely<DB>, jwt: JwtService, storage: Storage) {
  const users = usersRepository(db);

  async function existing(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  return {
    async get(userId: number): Promise<User> {
      return toUser(await existing(userId));
    },

    async update(userId: number, fields: UserUpdateRequest): Promise<User> {
      const errors = new FieldErrorCollector();
      await checkIdentifiers(db, errors, fields, userId);
      errors.throwIfAny();
      return toUser(await users.updateProfile(userId, fields));
    },

    /**
     * Changes the password and revokes every refresh token, this session's included; the answer
     * carries fresh tokens so the browser that made the change stays signed in.
     */
    async changePassword(userId: number, request: ChangePasswordRequest): Promise<LoginTokens> {
      const user = await existing(userId);
      const errors = new FieldErrorCollector();
      if (!(await verifyPassword(user.password_hash, request.old_password))) {
        errors.add('old_password', 'Your old password was entered incorrectly. Please enter it again.');
      }
      checkNewPassword(errors, request.password, user);
      errors.throwIfAny();
      await users.setPassword(userId, await hashPassword(request.password));
      const updated = await existing(userId);
      return {
        access: await jwt.signAccess(userId),
        refresh: await jwt.signRefresh({ userId, sessionVersion: updated.session_version }),
      };
    },

    /**
     * Removes the account with its company, projects and tokens (foreign keys cascade). Purchases
     * stay as billing records with the owner removed (spec §9 retention); other ledger rows go.
     * Uploaded images and results are removed from storage after the rows are gone.
     *
     * Refused (409) while a prediction request is unfinished, as image and project deletes are: its
     * worker would go on writing results under the deleted user's folder. Checked and deleted under
     * the user row's lock (see lockRow), so a request scheduled at the same moment is either seen
     * here or fails on the deleted user.
     */
    async deleteAccount(userId: number): Promise<void> {
      const outcome = await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const user = await usersRepository(trx).findById(userId);
        if (!user) return 'gone';
        if (await predictionsRepository(trx).unfinishedRequestOf(userId)) return 'running';
        await trx
          .deleteFrom('credit_ledger')
          .where('user_id', '=', userId)
          .where('kind', '!=', 'purchase')
          .execute();
        await trx
          .deleteFrom('login_failures')
          .where('throttle_key', '=', `account:${user.username.toLowerCase()}`)
          .execute();
        await usersRepository(trx).deleteById(userId);
        return 'deleted';
      });
      if (outcome === 'gone') throw notFound();
      if (outcome === 'running') {
        throw conflict(
          'A prediction is running in your account. Delete it once the prediction has finished.',
        );
      }
      await storage.deletePrefix(storageKeys.user(userId));
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
