import type { Kysely } from 'kysely';
import type { DB, OneTimeTokenPurpose } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';

/** The token a link carries, known here only by its digest. */
export interface TokenMatch {
  userId: number;
  purpose: OneTimeTokenPurpose;
  tokenHash: string;
}

/** All SQL on `one_time_tokens`. A token is open while unused and unexpired. */
export function oneTimeTokensRepository(db: Kysely<DB>) {
  return {
    async insert(token: TokenMatch & { expiresAt: string }): Promise<void> {
      await db
        .insertInto('one_time_tokens')
        .values({
          user_id: token.userId,
          purpose: token.purpose,
          token_hash: token.tokenHash,
          expires_at: token.expiresAt,
          created_at: nowIso(),
        })
        .execute();
    },

    async isOpen({ userId, purpose, tokenHash }: TokenMatch): Promise<boolean> {
      const row = await db
        .selectFrom('one_time_tokens')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks the token used if it is still open; the conditional update makes two simultaneous uses
     * of one link succeed once. One clock reading serves as the use time and the expiry check.
     */
    async markUsedIfOpen({ userId, purpose, tokenHash }: TokenMatch): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('one_time_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks every unused token of the user and purpose used, expired or not. */
    async markAllUsed(userId: number, purpose: OneTimeTokenPurpose): Promise<void> {
      await db
        .updateTable('one_time_tokens')
        .set({ used_at: nowIso() })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
