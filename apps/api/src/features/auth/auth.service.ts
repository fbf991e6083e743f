import type {
  ConfirmRegistrationRequest,
  LoginTokens,
  PasswordResetEmailRequest,
  RegisterRequest,
  ResetPasswordRequest,
  TokenRequest,
} from '@hullscope/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DB, UserRow } from '../../db/schema.js';
import {
  FieldErrorCollector,
  fieldErrors,
  forbidden,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
} from '../../http/api-error.js';
import type { Mailer } from '../../mail/mailer.js';
import { confirmationMail, passwordResetMail } from '../../mail/templates.js';
import {
  accountProblems,
  checkNewPassword,
  confirmAccount,
  insertAccount,
} from '../users/account-lifecycle.js';
import { revokeKeysOfCreator } from '../api-keys/revoke-creator-keys.js';
import { recordAudit } from '../audit/audit-log.js';
import { INVALID_INVITATION, invitationsService } from '../organisations/invitations.service.js';
import { membershipsRepository } from '../organisations/memberships.repository.js';
import { organisationsRepository } from '../organisations/organisations.repository.js';
import { cancelEmailChange } from '../users/email-change.js';
import { usersRepository } from '../users/users.repository.js';
import type { JwtService } from './jwt.js';
import { loginThrottle } from './login-throttle.js';
import { linkUserId, oneTimeTokens } from './one-time-tokens.js';
import { hashPassword, timingEqualiserHash, verifyPassword } from './password-hashing.js';
import { HOUR_SECONDS, requestRateLimit } from './request-rate-limit.js';

export interface AuthDependencies {
  db: Kysely<DB>;
  jwt: JwtService;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

const INVALID_CREDENTIALS = 'No active account found with the given credentials';
const UNCONFIRMED =
  'Please confirm your e-mail address first: open the link in the e-mail we sent when you registered.';
const INVALID_CONFIRMATION_LINK = 'This confirmation link is invalid, has expired or has already been used.';
const INVALID_RESET_LINK = 'This password reset link is invalid, has expired or has already been used.';

export function authService({ db, jwt, mailer, config, log }: AuthDependencies) {
  const users = usersRepository(db);
  const links = oneTimeTokens(db);
  const throttle = loginThrottle(db, config.loginThrottle);
  const rateLimit = requestRateLimit(db);
  const limits = config.accountRequestLimits;
  const invitations = invitationsService({ db, mailer, config, log });

  /** Counts one anonymous account request from the address; 429 past the hourly limit. */
  async function takeAddressAllowance(action: string, clientAddress: string): Promise<void> {
    if (await rateLimit.take(`${action}:${clientAddress}`, limits.perAddressPerHour, HOUR_SECONDS)) return;
    throw tooManyRequests(
      'Too many requests of this kind from your network. Please try again in an hour.',
      HOUR_SECONDS,
    );
  }

  /** The invitation a sign-up names, which must be pending and sent to the address signing up. */
  async function invitationForSignUp(request: RegisterRequest) {
    const invitation = await invitations.pendingByToken(request.invitation_token!).catch(() => {
      throw fieldErrors({ invitation_token: [INVALID_INVITATION] });
    });
    if (invitation.email.toLowerCase() !== request.email.toLowerCase()) {
      throw fieldErrors({
        email: [`Sign up with the address the invitation was sent to: ${invitation.email}.`],
      });
    }
    return invitation;
  }

  /** Failed and successful sign-ins go into the audit log of each organisation the user is in. */
  async function auditSignIn(user: UserRow, action: 'sign_in' | 'sign_in_failed', clientAddress: string) {
    for (const organisation of await membershipsRepository(db).listOfUser(user.id)) {
      await recordAudit(db, {
        organisationId: organisation.id,
        actor: { id: user.id, username: user.username },
        action,
        clientAddress,
      });
    }
  }

  async function issueTokens(user: UserRow): Promise<LoginTokens> {
    return {
      access: await jwt.signAccess({ userId: user.id, sessionVersion: user.session_version }),
      refresh: await jwt.signRefresh({ userId: user.id, sessionVersion: user.session_version }),
    };
  }

  async function sendPasswordResetLink(user: UserRow): Promise<void> {
    const token = await links.issue(user.id, 'reset_password', config.tokens.passwordResetTtlSeconds);
    const link = `${config.appUrl}/user/reset-password?uid=${user.id}&token=${token}`;
    await mailer.send(
      passwordResetMail(user.email, user.first_name, link, config.tokens.passwordResetTtlSeconds / 60),
    );
  }

  return {
    /**
     * Rate-limited per client address, since its field errors tell whether a name is taken. With an
     * invitation's token the account is confirmed at once (the link reached the invited address)
     * and joins the organisation: 'joined'; otherwise a confirmation link is e-mailed: 'registered'.
     */
    async register(request: RegisterRequest, clientAddress: string): Promise<'registered' | 'joined'> {
      await takeAddressAllowance('register', clientAddress);
      const invitation = request.invitation_token ? await invitationForSignUp(request) : null;
      (await accountProblems(db, request)).throwIfAny();
      const passwordHash = await hashPassword(request.password);
      if (invitation) {
        await db.transaction().execute(async (trx) => {
          const created = await insertAccount(trx, request, passwordHash);
          await confirmAccount(trx, created.id, config.signupBonusCredits);
          await invitations.accept(trx, request.invitation_token!, created);
          // A new account's own organisation is empty: it starts where it was invited.
          await organisationsRepository(trx).rememberChoice(created.id, invitation.organisation_id);
          await recordAudit(trx, {
            organisationId: invitation.organisation_id,
            actor: { id: created.id, username: created.username },
            action: 'member.join',
            target: { type: 'user', id: created.id, label: created.username },
            detail: { role: invitation.role, invitation: invitation.id },
            clientAddress,
          });
        });
        return 'joined';
      }
      const { user, token } = await db.transaction().execute(async (trx) => {
        const created = await insertAccount(trx, request, passwordHash);
        const issued = await oneTimeTokens(trx).issue(
          created.id,
          'confirm_email',
          config.tokens.confirmationTtlSeconds,
        );
        return { user: created, token: issued };
      });

      const link = `${config.appUrl}/user/confirm-registration?uid=${user.id}&token=${token}`;
      try {
        await mailer.send(
          confirmationMail(user.email, user.first_name, link, config.tokens.confirmationTtlSeconds / 3600),
        );
      } catch (error) {
        // Without the e-mail the account could never be confirmed: undo it so the user can retry.
        log.error({ err: error, userId: user.id }, 'confirmation e-mail failed; registration undone');
        await users.deleteById(user.id);
        throw serviceUnavailable('We could not send the confirmation e-mail. Please try again later.');
      }
      return 'registered';
    },

    /** Confirms the e-mail once and grants the sign-up bonus in the same transaction. */
    async confirmRegistration({ uid, token }: ConfirmRegistrationRequest): Promise<void> {
      const userId = linkUserId(uid);
      const confirmed =
        userId !== null &&
        (await db.transaction().execute(async (trx) => {
          if (!(await oneTimeTokens(trx).consume(userId, 'confirm_email', token))) return false;
          await confirmAccount(trx, userId, config.signupBonusCredits);
          return true;
        }));
      if (!confirmed) throw fieldErrors({ token: [INVALID_CONFIRMATION_LINK] });
    },

    async login({ username, password }: TokenRequest, clientAddress: string): Promise<LoginTokens> {
      const attempt = await throttle.begin(username, clientAddress);
      const user = await users.findByUsername(username);
      const passwordMatches = await verifyPassword(
        user?.password_hash ?? (await timingEqualiserHash),
        password,
      );
      // A wrong password leaves the attempt's reservation as the recorded failure.
      if (!user || !passwordMatches) {
        if (user) await auditSignIn(user, 'sign_in_failed', clientAddress);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await attempt.succeeded();
      if (!user.email_confirmed_at) throw forbidden(UNCONFIRMED);
      await auditSignIn(user, 'sign_in', clientAddress);
      return issueTokens(user);
    },

    async refresh(refreshToken: string): Promise<{ access: string }> {
      const claims = await jwt.verifyRefresh(refreshToken);
      const user = claims && (await users.findById(claims.userId));
      if (!claims || !user || user.session_version !== claims.sessionVersion) {
        throw unauthorized('Token is invalid or expired');
      }
      return { access: await jwt.signAccess({ userId: user.id, sessionVersion: user.session_version }) };
    },

    /**
     * Answers the same whether or not the address has an account, and whether or not a limit held
     * the e-mail back: everything after the answer runs in the background, so neither the answer nor
     * its timing tells. At most a few e-mails per account and requests per client address an hour.
     */
    requestPasswordReset({ email }: PasswordResetEmailRequest, clientAddress: string): void {
      const sendIfAllowed = async () => {
        const addressKey = `reset-request:${clientAddress}`;
        if (!(await rateLimit.take(addressKey, limits.perAddressPerHour, HOUR_SECONDS))) {
          log.warn({ clientAddress }, 'password reset request over the per-address limit; no e-mail sent');
          return;
        }
        const user = await users.findByEmail(email);
        if (!user) return;
        const accountKey = `reset-mail:${user.id}`;
        if (!(await rateLimit.take(accountKey, limits.resetMailsPerAccountPerHour, HOUR_SECONDS))) {
          log.warn({ userId: user.id }, 'password reset request over the per-account limit; no e-mail sent');
          return;
        }
        await sendPasswordResetLink(user);
      };
      sendIfAllowed().catch((error: unknown) => log.error({ err: error }, 'password reset e-mail failed'));
    },

    /**
     * The link is checked before anything else, so a caller without it learns nothing: an unknown
     * id and a wrong token answer alike, and the password rules (which compare with the account's
     * names and e-mail) are applied only for the link's holder.
     */
    async resetPassword(request: ResetPasswordRequest, clientAddress: string): Promise<void> {
      await takeAddressAllowance('reset-password', clientAddress);
      const userId = linkUserId(request.user_id);
      const user = userId === null ? undefined : await users.findById(userId);
      if (!user || !(await links.isOpen(user.id, 'reset_password', request.token))) {
        throw fieldErrors({ token: [INVALID_RESET_LINK] });
      }
      const errors = new FieldErrorCollector();
      checkNewPassword(errors, request.password, user);
      errors.throwIfAny();
      const passwordHash = await hashPassword(request.password);
      const done = await db.transaction().execute(async (trx) => {
        const tokens = oneTimeTokens(trx);
        if (!(await tokens.consume(user.id, 'reset_password', request.token))) return false;
        await tokens.revokeAll(user.id, 'reset_password');
        await usersRepository(trx).setPassword(user.id, passwordHash);
        await cancelEmailChange(trx, user.id);
        await revokeKeysOfCreator(trx, user, 'password_reset', clientAddress);
        return true;
      });
      if (!done) throw fieldErrors({ token: [INVALID_RESET_LINK] });
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
