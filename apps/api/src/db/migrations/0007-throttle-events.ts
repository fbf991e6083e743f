import type { Kysely } from 'kysely';

/**
 * `login_failures` becomes `throttle_events`: the same rows (a key and a time), now also counting
 * registrations and password-reset requests per client address and reset e-mails per account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('login_failures').renameTo('throttle_events').execute();
}
