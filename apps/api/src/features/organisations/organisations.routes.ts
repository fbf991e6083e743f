import { type Organisation, routes } from '@hullscope/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ApiRegistrar } from '../../feature-context.js';
import type { AuthUser } from '../../http/authenticate.js';
import { badRequest, notFound } from '../../http/api-error.js';
import { auditSource, recordAudit } from '../audit/audit-log.js';
import { usersRepository } from '../users/users.repository.js';
import { invitationsRepository } from './invitations.repository.js';
import { invitationsService, toInvitation } from './invitations.service.js';
import { membersService } from './members.service.js';
import { type OrganisationOfUser, membershipsRepository } from './memberships.repository.js';
import { deleteOrganisationFiles } from './organisation-removal.js';
import { organisationsRepository } from './organisations.repository.js';
import { organisationsService } from './organisations.service.js';

/** The user's organisations as answered, `current` on the one requests without the header act in. */
async function organisationsOf(db: Kysely<DB>, userId: number): Promise<Organisation[]> {
  const [list, user] = await Promise.all([
    membershipsRepository(db).listOfUser(userId),
    usersRepository(db).findById(userId),
  ]);
  const current = list.find((row) => row.id === user?.last_organisation_id) ?? list[0];
  return list.map((row: OrganisationOfUser) => ({ ...row, current: row === current }));
}

async function organisationOf(db: Kysely<DB>, user: AuthUser, organisationId: number): Promise<Organisation> {
  const found = (await organisationsOf(db, user.id)).find((row) => row.id === organisationId);
  if (!found) throw notFound('No organisation with this id among yours.');
  return found;
}

/** Issue 38: organisations, members, invitations. */
export const registerOrganisationRoutes: ApiRegistrar = ({ router, db, storage, mailer, config, log }) => {
  const organisations = organisationsRepository(db);
  const memberships = membershipsRepository(db);
  const members = membersService(db);
  const invitations = invitationsService({ db, mailer, config, log });
  const organisationChanges = organisationsService(db);

  router.add(routes.listOrganisations, ({ user }) => organisationsOf(db, user.id));

  router.add(routes.createOrganisation, async ({ user, body, request }) => {
    const created = await organisationChanges.create(body.name, user.id);
    await recordAudit(db, {
      organisationId: created.id,
      ...auditSource(request),
      action: 'organisation.create',
      target: { type: 'organisation', id: created.id, label: created.name },
    });
    return organisationOf(db, user, created.id);
  });

  router.add(routes.switchOrganisation, async ({ user, params }) => {
    const found = await memberships.find(user.id, params.organisationId);
    if (!found) throw notFound('No organisation with this id among yours.');
    await organisations.rememberChoice(user.id, found.id);
    return organisationOf(db, user, found.id);
  });

  router.add(routes.getOrganisation, ({ user, organisation }) => organisationOf(db, user, organisation.id));

  router.add(routes.renameOrganisation, async ({ user, organisation, body, request }) => {
    await organisations.rename(organisation.id, body.name);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'organisation.rename',
      target: { type: 'organisation', id: organisation.id, label: body.name },
      detail: { from: organisation.name },
    });
    return organisationOf(db, user, organisation.id);
  });

  router.add(routes.deleteOrganisation, async ({ organisation, body }) => {
    if (body.name.trim() !== organisation.name) {
      throw badRequest(`Type the organisation's name, ${organisation.name}, to confirm.`);
    }
    await organisationChanges.deleteRows(organisation.id);
    await deleteOrganisationFiles(storage, organisation.id);
    return { message: `${organisation.name} was deleted.` };
  });

  router.add(routes.leaveOrganisation, async ({ user, organisation, request }) => {
    await members.leave(organisation, user.id);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'member.leave',
      target: { type: 'user', id: user.id, label: user.username },
    });
    return { message: `You left ${organisation.name}.` };
  });

  router.add(routes.listMembers, ({ organisation }) => memberships.listMembers(organisation.id));

  router.add(routes.updateMember, async ({ organisation, params, body, request }) => {
    const before = await members.setRole(organisation, params.userId, body.role);
    const target = await usersRepository(db).findById(params.userId);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'member.role_change',
      target: { type: 'user', id: params.userId, label: target?.username ?? null },
      detail: { from: before, to: body.role },
    });
    return memberships.listMembers(organisation.id);
  });

  router.add(routes.removeMember, async ({ organisation, params, request }) => {
    const target = await usersRepository(db).findById(params.userId);
    const role = await members.remove(organisation, params.userId);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'member.remove',
      target: { type: 'user', id: params.userId, label: target?.username ?? null },
      detail: { role },
    });
    return { message: `${target?.username ?? 'The member'} was removed from ${organisation.name}.` };
  });

  router.add(routes.listInvitations, async ({ organisation }) =>
    (await invitationsRepository(db).list(organisation.id)).map(toInvitation),
  );

  router.add(routes.createInvitation, async ({ user, organisation, body, request }) => {
    const row = await invitations.create(organisation, user, body);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'member.invite',
      target: { type: 'invitation', id: row.id, label: row.email },
      detail: { role: row.role },
    });
    return toInvitation(row);
  });

  router.add(routes.resendInvitation, async ({ user, organisation, params, request }) => {
    const row = await invitations.resend(organisation, user, params.invitationId);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'member.invite_resend',
      target: { type: 'invitation', id: row.id, label: row.email },
    });
    return toInvitation(row);
  });

  router.add(routes.revokeInvitation, async ({ organisation, params, request }) => {
    const row = await invitations.revoke(organisation, params.invitationId);
    await recordAudit(db, {
      organisationId: organisation.id,
      ...auditSource(request),
      action: 'member.invite_revoke',
      target: { type: 'invitation', id: row.id, label: row.email },
    });
    return toInvitation(row);
  });

  router.add(routes.previewInvitation, ({ body }) => invitations.preview(body.token));

  router.add(routes.acceptInvitation, async ({ user, body, request }) => {
    const account = await usersRepository(db).findById(user.id);
    if (!account) throw notFound();
    const row = await invitations.acceptAlone(body.token, account);
    await recordAudit(db, {
      organisationId: row.organisation_id,
      ...auditSource(request),
      action: 'member.join',
      target: { type: 'user', id: user.id, label: user.username },
      detail: { role: row.role, invitation: row.id },
    });
    return organisationOf(db, user, row.organisation_id);
  });
};
