import type { CompanyUpdateRequest } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { CompanyRow, DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** One company record per user, created empty with the account. */
export function companyRepository(db: Kysely<DB>) {
  return {
    /** The empty record every account gets with its sign-up; the owner fills it in later. */
    async insertEmpty(owner: number): Promise<void> {
      const now = nowIso();
      await db.insertInto('companies').values({ owner, created_at: now, updated_at: now }).execute();
    },

    findByOwner(owner: number): Promise<CompanyRow | undefined> {
      return db.selectFrom('companies').selectAll().where('owner', '=', owner).executeTakeFirst();
    },

    update(owner: number, fields: CompanyUpdateRequest): Promise<CompanyRow | undefined> {
      return db
        .updateTable('companies')
        .set({ ...fields, updated_at: nowIso() })
        .where('owner', '=', owner)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
