import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** An owner's decision rules, stored as one JSON list keyed by the owner (as vessels are). */
export function decisionRulesRepository(db: Kysely<DB>) {
  return {
    find(owner: number): Promise<{ rules: string; updated_at: string } | undefined> {
      return db
        .selectFrom('decision_rules')
        .select(['rules', 'updated_at'])
        .where('owner', '=', owner)
        .executeTakeFirst();
    },

    /** Replaces the owner's rules in one statement, so two saves at once leave one whole list. */
    async save(owner: number, rules: string): Promise<string> {
      const updatedAt = nowIso();
      await db
        .insertInto('decision_rules')
        .values({ owner, rules, updated_at: updatedAt })
        .onConflict((conflict) => conflict.column('owner').doUpdateSet({ rules, updated_at: updatedAt }))
        .execute();
      return updatedAt;
    },
  };
}
