/**
 * The actions the API records (apps/api features/audit/audit-log.ts), in words for the filter and
 * the table; an action not listed here shows as recorded.
 */
export const auditActionLabels: Record<string, string> = {
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
};

export const auditActionLabel = (action: string): string => auditActionLabels[action] ?? action;
