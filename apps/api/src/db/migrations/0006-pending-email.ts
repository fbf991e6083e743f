import type { Kysely } from 'kysely';

/**
 * The address a user asked to change to, kept aside until the link e-mailed to it is opened: until
 * then `email` (where receipts and reset links go) stays as it was. Not unique: a pending address
 * reserves nothing, so its real owner can still register it; uniqueness is checked when it is
 * confirmed. The same nullable text column on both dialects.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
}
