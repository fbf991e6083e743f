import type {
  ChangePasswordRequest,
  DeleteAccountRequest,
  LoginTokens,
  User,
  UserUpdateRequest,
} from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.js';
import { lockRow } from '../../db/row-lock.js';
import { FieldErrorCollector, notFound } from '../../http/api-error.js';
import { checkIdentifiers, checkNewPassword } from './account-lifecycle.js';
import type { JwtService } from '../auth/jwt.js';
import { forgetLoginFailures } from '../auth/login-throttle.js';
import { hashPassword, verifyPassword } from '../auth/password-hashing.js';
import type { Storage } from '../../storage/storage.js';
import { type EmailChanges, isSameAddress } from './email-change.js';
import { usersRepository } from './users.repository.js';
import { revokeKeysOfCreator } from '../api-keys/revoke-creator-keys.js';
import {
  deleteOrganisationFiles,
  deleteOrganisationRows,
  organisationsLeavingWith,
} from '../organisations/organisation-removal.js';

const ACCOUNT_PREDICTION_RUNNING =
  'A prediction is running in your account. Delete it once the prediction has finished.';

/** The user as the API shows it; `pendingEmail` only while its confirmation link is open. */
export function toUser(row: UserRow, pendingEmail?: string): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    ...(pendingEmail === undefined ? {} : { pending_email: pendingEmail }),
  };
}

/** Tells the owner of a changed password (sent after the change is committed; best effort). */
export type PasswordChangedNotice = (user: UserRow) => Promise<void>;

export function usersService(
  db: Kysely<DB>,
  jwt: JwtService,
  storage: Storage,
  emailChanges: EmailChanges,
  notifyPasswordChanged: PasswordChangedNotice,
) {
  const users = usersRepository(db);

  async function existing(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw notFound();
    return user;
  }

  return {
    async get(userId: number): Promise<User> {
      return toUser(await existing(userId), await users.livePendingEmail(userId));
    },

    /**
     * Saves the profile. A new e-mail address is not taken at once: it waits for the link sent to
     * it (see email-change.ts) and the answer shows it as `pending_email`, while `email`, where
     * receipts and reset links go, stays the confirmed one. Sending the current address again leaves
     * a pending change as it is, so editing the name does not cancel it.
     */
    async update(userId: number, fields: UserUpdateRequest): Promise<User> {
      const user = await existing(userId);
      const errors = new FieldErrorCollector();
      await checkIdentifiers(db, errors, fields, userId);
      errors.throwIfAny();
      const changesAddress = !isSameAddress(fields.email, user.email);
      if (changesAddress) await emailChanges.start(user, fields.email);
      const updated = await users.updateProfile(userId, {
        ...fields,
        email: changesAddress ? user.email : fields.email,
      });
      return toUser(updated, await users.livePendingEmail(userId));
    },

    /**
     * Changes the password and revokes every refresh token, this session's included, and every API
     * key the user made; the answer carries fresh tokens so the browser that made the change stays
     * signed in.
     */
    async changePassword(
      userId: number,
      request: ChangePasswordRequest,
      clientAddress: string | null,
    ): Promise<LoginTokens> {
      const user = await existing(userId);
      const errors = new FieldErrorCollector();
      if (!(await verifyPassword(user.password_hash, request.old_password))) {
        errors.add('old_password', 'Your old password was entered incorrectly. Please enter it again.');
      }
      checkNewPassword(errors, request.password, user);
      errors.throwIfAny();
      const passwordHash = await hashPassword(request.password);
      await db.transaction().execute(async (trx) => {
        await usersRepository(trx).setPassword(userId, passwordHash);
        await revokeKeysOfCreator(trx, user, 'password_change', clientAddress);
      });
      // The notice of an e-mail change tells the owner to change the password if it was not them:
      // that must also stop whoever asked from confirming the new address with its link.
      await emailChanges.cancel(userId);
      const updated = await existing(userId);
      await notifyPasswordChanged(updated);
      return {
        access: await jwt.signAccess({ userId, sessionVersion: updated.session_version }),
        refresh: await jwt.signRefresh({ userId, sessionVersion: updated.session_version }),
      };
    },

    /**
     * Removes the account and its tokens once the current password, when given, is right, with every
     * organisation the user is the only member of (see organisationsLeavingWith and
     * deleteOrganisationRows: 409 while one has a prediction running, or when the user is the only
     * owner of an organisation with other members). Their files go after the rows.
     */
    async deleteAccount(userId: number, request: DeleteAccountRequest): Promise<void> {
      // Checked whenever sent (our web app always sends it); a client of the spec sends none.
      if (request?.password !== undefined) {
        const user = await existing(userId);
        if (!(await verifyPassword(user.password_hash, request.password))) {
          const errors = new FieldErrorCollector();
          errors.add('password', 'Your password was entered incorrectly. Please enter it again.');
          errors.throwIfAny();
        }
      }
      const deleted = await db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', userId);
        const user = await usersRepository(trx).findById(userId);
        if (!user) throw notFound();
        const doomed = await organisationsLeavingWith(trx, userId);
        for (const organisationId of doomed) {
          await deleteOrganisationRows(trx, organisationId, ACCOUNT_PREDICTION_RUNNING);
        }
        await forgetLoginFailures(trx, user.username);
        await usersRepository(trx).deleteById(userId);
        return doomed;
      });
      for (const organisationId of deleted) await deleteOrganisationFiles(storage, organisationId);
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
