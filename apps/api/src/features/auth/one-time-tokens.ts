import { createHash, randomBytes } from 'node:crypto';
import { MAX_DATABASE_ID } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB, OneTimeTokenPurpose } from '../../db/schema.js';
import { isoInSeconds } from '../../db/time.js';
import { oneTimeTokensRepository } from './one-time-tokens.repository.js';

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
  const tokens = oneTimeTokensRepository(db);
  return {
    async issue(userId: number, purpose: OneTimeTokenPurpose, ttlSeconds: number): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      await tokens.insert({ userId, purpose, tokenHash: digest(token), expiresAt: isoInSeconds(ttlSeconds) });
      return token;
    },

    /** Whether the token is the user's, of this purpose, unused and unexpired, without using it. */
    async isOpen(userId: number, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
      return tokens.isOpen({ userId, purpose, tokenHash: digest(token) });
    },

    /**
     * Marks the token used if it is the user's, of this purpose, unused and unexpired. The
     * conditional update makes two simultaneous uses of one link succeed once.
     */
    async consume(userId: number, purpose: OneTimeTokenPurpose, token: string): Promise<boolean> {
      return tokens.markUsedIfOpen({ userId, purpose, tokenHash: digest(token) });
    },

    /** Voids the user's other open links of this purpose once one has been used. */
    async revokeAll(userId: number, purpose: OneTimeTokenPurpose): Promise<void> {
      return tokens.markAllUsed(userId, purpose);
    },
  };
}
