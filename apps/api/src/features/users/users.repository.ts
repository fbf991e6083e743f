import { type Kysely, sql } from 'kysely';
import type { DB, NewUser, UserRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

type Executor = Kysely<DB>;

export interface ProfileFields {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** All SQL on users. Usernames and e-mails are unique without regard to case. */
export function usersRepository(db: Executor) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Just what authenticating a request needs, in the one look-up every request makes. */
    findSessionHolder(
      id: number,
    ): Promise<Pick<UserRow, 'id' | 'username' | 'session_version' | 'last_organisation_id'> | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'session_version', 'last_organisation_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    findByUsername(username: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(username)`, '=', username.toLowerCase())
        .executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    /** Which of username and e-mail are taken by someone other than `exceptUserId`. */
    async takenIdentifiers(
      username: string,
      email: string,
      exceptUserId = 0,
    ): Promise<{ username: boolean; email: boolean }> {
      const rows = await db
        .selectFrom('users')
        .select(['username', 'email'])
        .where('id', '!=', exceptUserId)
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(username)`, '=', username.toLowerCase()),
            eb(sql<string>`lower(email)`, '=', email.toLowerCase()),
          ]),
        )
        .execute();
      return {
        username: rows.some((row) => row.username.toLowerCase() === username.toLowerCase()),
        email: rows.some((row) => row.email.toLowerCase() === email.toLowerCase()),
      };
    },

    async insert(user: Omit<NewUser, 'created_at' | 'updated_at'>): Promise<UserRow> {
      const now = nowIso();
      return db
        .insertInto('users')
        .values({ ...user, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateProfile(id: number, fields: ProfileFields): Promise<UserRow> {
      return db
        .updateTable('users')
        .set({ ...fields, updated_at: nowIso() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Sets the address awaiting confirmation, or clears it with null. */
    async setPendingEmail(id: number, email: string | null): Promise<void> {
      await db
        .updateTable('users')
        .set({ pending_email: email, updated_at: nowIso() })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The pending address while a link that confirms it is still open (unused, unexpired); undefined
     * once it was used, replaced or has expired, so nobody is told of a link that no longer works.
     */
    async livePendingEmail(id: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('pending_email')
        .where('id', '=', id)
        .where('pending_email', 'is not', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('one_time_tokens')
              .select('one_time_tokens.id')
              .whereRef('one_time_tokens.user_id', '=', 'users.id')
              .where('one_time_tokens.purpose', '=', 'change_email')
              .where('one_time_tokens.used_at', 'is', null)
              .where('one_time_tokens.expires_at', '>', nowIso()),
          ),
        )
        .executeTakeFirst();
      return row?.pending_email ?? undefined;
    },

    /**
     * Makes the pending address the account's e-mail, if the pending one is still `email`. The unique
     * index on lower(email) refuses it when another account took the address meanwhile.
     */
    async adoptPendingEmail(id: number, email: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email, pending_email: null, updated_at: nowIso() })
        .where('id', '=', id)
        .where('pending_email', '=', email)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Sets the password and revokes every refresh token issued so far. */
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({
          password_hash: passwordHash,
          session_version: eb('session_version', '+', 1),
          updated_at: nowIso(),
        }))
        .where('id', '=', id)
        .execute();
    },

    async markEmailConfirmed(id: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email_confirmed_at: nowIso(), updated_at: nowIso() })
        .where('id', '=', id)
        .where('email_confirmed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    /** Every user with the balance of their own (first) organisation. */
    listWithOwnBalance() {
      return db
        .selectFrom('users')
        .selectAll('users')
        .select((eb) =>
          eb
            .selectFrom('memberships')
            .innerJoin('organisations', 'organisations.id', 'memberships.organisation_id')
            .select('organisations.credits')
            .whereRef('memberships.user_id', '=', 'users.id')
            .orderBy('memberships.id')
            .limit(1)
            .as('credits'),
        )
        .orderBy('users.id')
        .execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
