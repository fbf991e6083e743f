import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { AuditLogPage } from '@/features/audit/components/audit-log-page';
import { useMembers } from '@/features/organisations/api/get-members';
import { useRoleAllows } from '@/hooks/use-role';

/** The audit log, for admins and owners; its actor filter offers the current members. */
export function AuditRoute() {
  const members = useMembers();
  const allowed = useRoleAllows('admin');
  if (!allowed) return <Navigate to={paths.app.organisation} replace />;
  const actors = (members.data ?? []).map((member) => ({ id: member.user_id, name: member.username }));
  return <AuditLogPage actors={actors} />;
}
