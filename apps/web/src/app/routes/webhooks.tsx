import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { WebhooksPage } from '@/features/webhooks/components/webhooks-page';
import { useRoleAllows } from '@/hooks/use-role';

/** Webhook endpoints and their delivery logs, for admins and owners. */
export function WebhooksRoute() {
  const allowed = useRoleAllows('admin');
  if (!allowed) return <Navigate to={paths.app.organisation} replace />;
  return <WebhooksPage />;
}
