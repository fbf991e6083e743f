import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** How a person is named on a record: first and last name, or the username when both are blank. */
export async function personName(db: Kysely<DB>, userId: number): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['username', 'first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return 'Unknown';
  const full = `${user.first_name} ${user.last_name}`.trim();
  return full || user.username;
}
