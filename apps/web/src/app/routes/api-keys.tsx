import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiKeysPage } from '@/features/api-keys/components/api-keys-page';
import { useRoleAllows } from '@/hooks/use-role';

/** The organisation's API keys, for admins and owners; others go to the members page. */
export function ApiKeysRoute() {
  const allowed = useRoleAllows('admin');
  if (!allowed) return <Navigate to={paths.app.organisation} replace />;
  return <ApiKeysPage />;
}
