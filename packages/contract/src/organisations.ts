import { z } from 'zod';
import { registrationEmail } from './auth.js';
import { ListPageQuery, id, isoDateTime, messages, queryInteger, requiredText } from './common.js';

/** Roles from the least to the most trusted; each may do all that the ones before it may. */
export const ORGANISATION_ROLES = ['viewer', 'member', 'admin', 'owner'] as const;
export const OrganisationRole = z
  .enum(ORGANISATION_ROLES)
  .describe(
    'owner: billing, delete or hand over the organisation; admin: members, settings, audit log; ' +
      'member: vessels, inspections, uploads, predictions, reports, spends credits; viewer: reads and downloads',
  );
export type OrganisationRole = z.infer<typeof OrganisationRole>;

/** Whether `role` may do what `needed` may. */
export function roleAllows(role: OrganisationRole, needed: OrganisationRole): boolean {
  return ORGANISATION_ROLES.indexOf(role) >= ORGANISATION_ROLES.indexOf(needed);
}

/**
 * The request header that names the organisation a request acts in (its id). Without it the API uses
 * the one the user last chose, or their first.
 */
export const ORGANISATION_HEADER = 'hullscope-organisation';

export const Organisation = z
  .object({
    id,
    name: z.string(),
    role: OrganisationRole.describe("The signed-in user's role in it"),
    members: z.number().int().min(1),
    current: z.boolean().describe('Whether requests without the organisation header act in it'),
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof Organisation>;
export const OrganisationList = z.array(Organisation);

export const OrganisationNameRequest = z
  .object({ name: requiredText('Please enter a name', 120) })
  .meta({ id: 'OrganisationNameRequest' });

export const DeleteOrganisationRequest = z
  .object({
    name: requiredText(messages.required, 200).describe("The organisation's name, typed again to confirm"),
  })
  .meta({ id: 'DeleteOrganisationRequest' });

export const Member = z
  .object({
    user_id: id,
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: OrganisationRole,
    joined_at: isoDateTime,
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;
export const MemberList = z.array(Member);

export const MemberParams = z.object({ userId: z.coerce.number().int().positive().max(2_147_483_647) });
export const MemberRoleRequest = z.object({ role: OrganisationRole }).meta({ id: 'MemberRoleRequest' });

export const INVITATION_VALID_DAYS = 7;

export const Invitation = z
  .object({
    id,
    email: z.string(),
    role: OrganisationRole,
    invited_by: z.string().nullable().describe("The inviter's username; null once their account is gone"),
    created_at: isoDateTime,
    sent_at: isoDateTime,
    expires_at: isoDateTime,
    status: z.enum(['PENDING', 'ACCEPTED', 'REVOKED', 'EXPIRED']),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;
export const InvitationList = z.array(Invitation);

export const InvitationRequest = z
  .object({
    email: registrationEmail,
    role: OrganisationRole.exclude(['owner']).describe('Owners are made by an owner from the members list'),
  })
  .meta({ id: 'InvitationRequest' });

export const InvitationParams = z.object({
  invitationId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const InvitationTokenRequest = z
  .object({ token: requiredText(messages.required, 200) })
  .meta({ id: 'InvitationTokenRequest' });

/** What the invitation link's page shows before the user signs in or signs up. */
export const InvitationPreview = z
  .object({
    organisation: z.string(),
    email: z.string().describe('The address invited: a new account must use it'),
    role: OrganisationRole,
    invited_by: z.string().nullable(),
    expires_at: isoDateTime,
    account_exists: z
      .boolean()
      .describe('Whether an account with that address exists (sign in) or not (sign up)'),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** What the audit log records (issue 38 §5), each with how people read it. */
export const AUDIT_ACTION_LABELS = {
  sign_in: 'Signed in',
  sign_in_failed: 'Failed sign-in',
  'organisation.create': 'Organisation created',
  'organisation.rename': 'Organisation renamed',
  'member.invite': 'Member invited',
  'member.invite_resend': 'Invitation resent',
  'member.invite_revoke': 'Invitation revoked',
  'member.join': 'Member joined',
  'member.role_change': 'Role changed',
  'member.remove': 'Member removed',
  'member.leave': 'Member left',
  'credits.purchase': 'Credits purchased',
  'prediction.request': 'Prediction requested',
  'report.download': 'Report downloaded',
  'project.download': 'Project downloaded',
  'share_link.create': 'Share link created',
  'share_link.revoke': 'Share link revoked',
  'share_link.view': 'Share link viewed',
  'vessel.delete': 'Vessel deleted',
  'project.delete': 'Project deleted',
  'image.delete': 'Image deleted',
  'data_export.request': 'Data export requested',
  'audit.export': 'Audit log exported',
  'webhook.create': 'Webhook created',
  'webhook.update': 'Webhook changed',
  'webhook.delete': 'Webhook deleted',
  'webhook.rotate_secret': 'Webhook secret rotated',
  'webhook.disable': 'Webhook disabled after failing',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
  'mask.correct': 'Mask corrected',
  'inspection.sign': 'Inspection signed',
  'inspection.reopen': 'Inspection reopened',
  'dataset.download': 'Reviewed dataset downloaded',
  'record_book.download': 'Record Book downloaded',
  'cleaning.create': 'Cleaning recorded',
  'cleaning.update': 'Cleaning changed',
  'cleaning.delete': 'Cleaning deleted',
  'ga_drawing.upload': 'GA drawing uploaded',
  'ga_drawing.delete': 'GA drawing removed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
const auditActions = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];

export const AuditEvent = z
  .object({
    id,
    created_at: isoDateTime,
    actor_id: id.nullable(),
    actor: z.string().nullable().describe('Username when it happened'),
    action: z.string(),
    target_type: z.string().nullable(),
    target_id: z.string().nullable(),
    target: z.string().nullable().describe("The target's name when it happened"),
    detail: z.record(z.string(), z.unknown()).nullable(),
    client_address: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof AuditEvent>;
export const AuditEventList = z.array(AuditEvent);

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
export const AuditQuery = ListPageQuery.extend({
  actor: queryInteger(1, 2_147_483_647).optional().describe('A user id'),
  action: z.enum(auditActions).optional(),
  from: day.optional().describe('First day, UTC'),
  to: day.optional().describe('Last day, UTC'),
});
export const AuditExportQuery = AuditQuery.omit({ offset: true, limit: true }).extend({
  format: z.enum(['csv', 'json']).default('csv'),
});
