import { type ConfirmEmailChangeRequest, NON_FIELD_ERRORS } from '@hullscope/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB, UserRow } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { fieldErrors, nonFieldError, serviceUnavailable, tooManyRequests } from '../../http/api-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { emailChangeConfirmationMail, emailChangeNoticeMail } from '../../mail/templates.js';
import { linkUserId, oneTimeTokens } from '../auth/one-time-tokens.js';
import { HOUR_SECONDS, requestRateLimit } from '../auth/request-rate-limit.js';
import { EMAIL_TAKEN, emailProblems } from './account-lifecycle.js';
import { usersRepository } from './users.repository.js';

export interface EmailChangeDependencies {
  db: Kysely<DB>;
  mailer: Mailer;
  config: Pick<Config, 'appUrl' | 'tokens' | 'accountRequestLimits'>;
  log: FastifyBaseLogger;
}

const INVALID_LINK = 'This confirmation link is invalid, has expired or has already been used.';

type Outcome =
  { kind: 'invalid' } | { kind: 'refused'; problems: string[] } | { kind: 'changed'; address: string };

/**
 * Voids every open change link of the user and forgets the pending address: a new password, set by
 * a change or a reset, must also stop whoever asked for the change from confirming it.
 */
export function cancelEmailChange(db: Kysely<DB>, userId: number): Promise<void> {
  return inTransaction(db, async (trx) => {
    await oneTimeTokens(trx).revokeAll(userId, 'change_email');
    await usersRepository(trx).setPendingEmail(userId, null);
  });
}

/** Addresses are unique without regard to case, so a change of case alone claims no new mailbox. */
export function isSameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * Changing a user's e-mail address. Taking an address at once would let an account claim any company
 * address (receipts and reset links then go there, and its real owner can no longer register it), so
 * the new address waits aside (`users.pending_email`) until the single-use link sent to it is opened,
 * and the current address is told. The switch re-checks that the address is still free and a company
 * address at that moment.
 */
export function emailChanges({ db, mailer, config, log }: EmailChangeDependencies) {
  const ttlSeconds = config.tokens.confirmationTtlSeconds;
  const rateLimit = requestRateLimit(db);

  function cancel(userId: number): Promise<void> {
    return cancelEmailChange(db, userId);
  }

  return {
    cancel,

    /**
     * Asks to change the user's address to `newEmail` (checked as free and a company address by the
     * caller). An earlier link is voided first, so only the newest address can be confirmed; asking
     * again for the same address sends a fresh link. If the link cannot be sent, the request is undone
     * (503) so the user can retry; the notice to the current address is sent on a best-effort basis.
     * Each change mails two addresses, one of them any the caller types, so changes are limited per
     * account an hour as reset mails are; one past the limit changes and sends nothing (429).
     */
    async start(user: UserRow, newEmail: string): Promise<void> {
      const limit = config.accountRequestLimits.emailChangeMailsPerAccountPerHour;
      if (!(await rateLimit.take(`email-change-mail:${user.id}`, limit, HOUR_SECONDS))) {
        throw tooManyRequests(
          'Too many e-mail address changes for this account. Please try again in an hour.',
          HOUR_SECONDS,
        );
      }
      const token = await db.transaction().execute(async (trx) => {
        const tokens = oneTimeTokens(trx);
        await tokens.revokeAll(user.id, 'change_email');
        await usersRepository(trx).setPendingEmail(user.id, newEmail);
        return tokens.issue(user.id, 'change_email', ttlSeconds);
      });
      const link = `${config.appUrl}/confirm-email-change?uid=${user.id}&token=${token}`;
      try {
        await mailer.send(emailChangeConfirmationMail(newEmail, user.first_name, link, ttlSeconds / 3600));
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'e-mail change link could not be sent; change undone');
        await cancel(user.id);
        throw serviceUnavailable('We could not send the confirmation e-mail. Please try again later.');
      }
      await mailer
        .send(emailChangeNoticeMail(user.email, user.first_name, newEmail))
        .catch((error: unknown) => {
          log.error({ err: error, userId: user.id }, 'e-mail change notice could not be sent');
        });
    },

    /**
     * Opens the link: the pending address becomes the account's, once. If it was taken by another
     * account or is no longer accepted as a company address, the change ends without switching and
     * the link is spent. Password reset links sent to the old address are voided with the switch.
     * Answers the new address.
     */
    async confirm({ uid, token }: ConfirmEmailChangeRequest): Promise<string> {
      const userId = linkUserId(uid);
      if (userId === null) throw fieldErrors({ token: [INVALID_LINK] });
      let outcome: Outcome;
      try {
        outcome = await db.transaction().execute(async (trx): Promise<Outcome> => {
          const tokens = oneTimeTokens(trx);
          const users = usersRepository(trx);
          if (!(await tokens.consume(userId, 'change_email', token))) return { kind: 'invalid' };
          const address = (await users.findById(userId))?.pending_email;
          if (!address) return { kind: 'invalid' };
          const problems = await emailProblems(trx, address, userId);
          if (problems.length > 0) {
            await users.setPendingEmail(userId, null);
            return { kind: 'refused', problems };
          }
          if (!(await users.adoptPendingEmail(userId, address))) return { kind: 'invalid' };
          await tokens.revokeAll(userId, 'reset_password');
          return { kind: 'changed', address };
        });
      } catch (error) {
        // Taken between the check and the write by a concurrent sign-up or change (PostgreSQL). The
        // transaction is undone, link included: opening it again gets the refusal above.
        if (isUniqueViolation(error)) throw nonFieldError(EMAIL_TAKEN);
        throw error;
      }
      if (outcome.kind === 'invalid') throw fieldErrors({ token: [INVALID_LINK] });
      if (outcome.kind === 'refused') throw fieldErrors({ [NON_FIELD_ERRORS]: outcome.problems });
      return outcome.address;
    },
  };
}

export type EmailChanges = ReturnType<typeof emailChanges>;
