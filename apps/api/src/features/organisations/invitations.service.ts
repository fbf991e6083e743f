import {
  INVITATION_VALID_DAYS,
  type Invitation,
  type InvitationPreview,
  type OrganisationRole,
} from '@hullscope/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/schema.js';
import { isoInSeconds, nowIso } from '../../db/time.js';
import { conflict, forbidden, notFound, serviceUnavailable, tooManyRequests } from '../../http/api-error.js';
import { linkTokenHash, newLinkToken } from '../../lib/link-token.js';
import type { Mailer } from '../../mail/mailer.js';
import { invitationMail } from '../../mail/templates.js';
import { usersRepository } from '../users/users.repository.js';
import { type InvitationWithNames, invitationsRepository, isPending } from './invitations.repository.js';
import type { OrganisationAccess } from './memberships.repository.js';
import { membershipsRepository } from './memberships.repository.js';

export const INVALID_INVITATION =
  'This invitation link is not valid: it has expired, been revoked or been used. Ask for a new one.';

const VALID_SECONDS = INVITATION_VALID_DAYS * 86_400;

export function toInvitation(row: InvitationWithNames): Invitation {
  const status = row.accepted_at
    ? 'ACCEPTED'
    : row.revoked_at
      ? 'REVOKED'
      : row.expires_at <= nowIso()
        ? 'EXPIRED'
        : 'PENDING';
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.inviter,
    created_at: row.created_at,
    sent_at: row.sent_at,
    expires_at: row.expires_at,
    status,
  };
}

interface Dependencies {
  db: Kysely<DB>;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Invitations by e-mail (issue 38 §3): a link valid 7 days, single use, revocable and resendable
 * (a resend draws a new token, so the old link stops working). Only the token's hash is stored.
 */
export function invitationsService({ db, mailer, config, log }: Dependencies) {
  const invitations = invitationsRepository(db);
  const limits = config.organisations;

  async function takeHourlyAllowance(organisationId: number): Promise<void> {
    const since = isoInSeconds(-3600);
    if ((await invitations.countSentSince(organisationId, since)) >= limits.invitationsPerHour) {
      throw tooManyRequests(
        `At most ${limits.invitationsPerHour} invitations an hour per organisation: try again later.`,
        600,
      );
    }
  }

  async function send(row: InvitationWithNames, token: string, inviter: string): Promise<void> {
    const link = `${config.appUrl}/invitation?token=${token}`;
    await mailer.send(
      invitationMail(row.email, {
        organisation: row.organisation,
        inviter,
        role: row.role,
        link,
        validDays: INVITATION_VALID_DAYS,
      }),
    );
  }

  /** The pending invitation a token names, or a 404 that says why a link may have stopped working. */
  async function pendingByToken(token: string): Promise<InvitationWithNames> {
    const row = await invitations.findByTokenHash(linkTokenHash(token));
    if (!row || !isPending(row)) throw notFound(INVALID_INVITATION);
    return row;
  }

  const service = {
    async create(
      organisation: OrganisationAccess,
      inviter: { id: number; username: string },
      request: { email: string; role: Exclude<OrganisationRole, 'owner'> },
    ): Promise<InvitationWithNames> {
      const email = request.email.trim();
      const members = await membershipsRepository(db).listMembers(organisation.id);
      if (members.some((member) => member.email.toLowerCase() === email.toLowerCase())) {
        throw conflict(`${email} is already a member of ${organisation.name}.`);
      }
      if (await invitations.findPendingFor(organisation.id, email)) {
        throw conflict(`${email} is already invited: resend or revoke that invitation instead.`);
      }
      if (members.length + (await invitations.countPending(organisation.id)) >= limits.maxMembers) {
        throw conflict(
          `${organisation.name} has reached its ${limits.maxMembers} members (pending invitations count).`,
        );
      }
      await takeHourlyAllowance(organisation.id);
      const token = newLinkToken();
      const inserted = await invitations.insert({
        organisationId: organisation.id,
        email,
        role: request.role,
        tokenHash: linkTokenHash(token),
        invitedBy: inviter.id,
        expiresAt: isoInSeconds(VALID_SECONDS),
      });
      const row = (await invitations.find(organisation.id, inserted.id))!;
      try {
        await send(row, token, inviter.username);
      } catch (error) {
        log.error({ err: error, invitation: row.id }, 'invitation e-mail failed; invitation withdrawn');
        await invitations.delete(row.id);
        throw serviceUnavailable('We could not send the invitation e-mail. Please try again later.');
      }
      return row;
    },

    async resend(
      organisation: OrganisationAccess,
      inviter: { username: string },
      id: number,
    ): Promise<InvitationWithNames> {
      const row = await invitations.find(organisation.id, id);
      if (!row) throw notFound();
      if (row.accepted_at || row.revoked_at) {
        throw conflict(
          `This invitation was ${row.accepted_at ? 'accepted' : 'revoked'}: send a new one instead.`,
        );
      }
      await takeHourlyAllowance(organisation.id);
      const token = newLinkToken();
      if (!(await invitations.renew(row.id, linkTokenHash(token), isoInSeconds(VALID_SECONDS)))) {
        throw conflict('This invitation was accepted or revoked meanwhile.');
      }
      const renewed = (await invitations.find(organisation.id, id))!;
      try {
        await send(renewed, token, inviter.username);
      } catch (error) {
        log.error({ err: error, invitation: row.id }, 'invitation e-mail failed on resend');
        throw serviceUnavailable('We could not send the invitation e-mail. Please try again later.');
      }
      return renewed;
    },

    async revoke(organisation: OrganisationAccess, id: number): Promise<InvitationWithNames> {
      const row = await invitations.find(organisation.id, id);
      if (!row) throw notFound();
      if (!(await invitations.revoke(row.id))) {
        throw conflict(`This invitation was already ${row.accepted_at ? 'accepted' : 'revoked'}.`);
      }
      return (await invitations.find(organisation.id, id))!;
    },

    async preview(token: string): Promise<InvitationPreview> {
      const row = await pendingByToken(token);
      return {
        organisation: row.organisation,
        email: row.email,
        role: row.role,
        invited_by: row.inviter,
        expires_at: row.expires_at,
        account_exists: (await usersRepository(db).findByEmail(row.email)) !== undefined,
      };
    },

    /** The pending invitation of a token, for a sign-up from its link. */
    pendingByToken,

    /**
     * Joins the signed-in user to the invitation's organisation, once: the invitation must be theirs
     * (sent to their address), and of two acceptances at once exactly one wins. Their requests
     * without the header keep acting where they did (the web app switches explicitly).
     */
    async accept(trx: Kysely<DB>, token: string, user: { id: number; email: string }) {
      const row = await invitationsRepository(trx).findByTokenHash(linkTokenHash(token));
      if (!row || !isPending(row)) throw notFound(INVALID_INVITATION);
      if (row.email.toLowerCase() !== user.email.toLowerCase()) {
        throw forbidden(`This invitation was sent to ${row.email}: sign in with that account to accept it.`);
      }
      if (await membershipsRepository(trx).roleOf(row.organisation_id, user.id)) {
        throw conflict(`You are already a member of ${row.organisation}.`);
      }
      if (!(await invitationsRepository(trx).accept(row.id, user.id))) throw notFound(INVALID_INVITATION);
      try {
        await membershipsRepository(trx).insert(row.organisation_id, user.id, row.role);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`You are already a member of ${row.organisation}.`);
        throw error;
      }
      return row;
    },

    /** accept, in a transaction of its own: a signed-in user accepting from the app. */
    acceptAlone(token: string, user: { id: number; email: string }) {
      return db.transaction().execute((trx) => service.accept(trx, token, user));
    },
  };
  return service;
}

export type InvitationsService = ReturnType<typeof invitationsService>;
