import { createHash, randomBytes } from 'node:crypto';
import { MAX_DATABASE_ID } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, OneTimeTokenPurpose } from '../../db/schema.js';
import { isoInSeconds, nowIso } from '../../db/time.js';

/** The user id of an e-mailed link's `uid`; null for anything that cannot name a user. */
export function linkUserId(uid: string): number | null {
  const userId = /^\d{1,10}$/.test(uid) ? Number(uid) : 0;
  return userId >= 1 && userId <= MAX_DATABASE_ID ? userId : null;
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Single-use, expiring tokens for e-mailed links. Only a SHA-256 of each token is stored, so a
 * leaked database holds no usable link.
 */
export function oneTimeTokens(db: Kysely<DB>) {
  return {
    async issue(userId: number, purpose: OneTimeTokenPurpose, ttlSeconds: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('one_time_tokens')
        .values({
          user_id: userId,
          purpose,
          token_hash: digest(token),
          expires_at: isoInSeconds(ttlSeconds),
          created_at: nowIso(),
        })
        .execute();
      return token;
    },

    /** Whether the token is the user's, of this purpose, unused and unexpired, without using it. */
    async isOpen(userId: number, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
      const row = await db
        .selectFrom('one_time_tokens')
        .select('id')
        .where('token_hash', '=', digest(token))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks the token used if it is the user's, of this purpose, unused and unexpired. The
     * conditional update makes two simultaneous uses of one link succeed once.
     */
    async consume(userId: number, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('one_time_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', digest(token))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Voids the user's other open links of this purpose once one has been used. */
    async revokeAll(userId: number, purpose: OneTimeTokenPurpose): Promise<void> {
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
