import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';

/** Shell routes: a placeholder while the session is checked, /user/login when unauthenticated. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'unknown') return <LoadingScreen />;
  if (status === 'unauthenticated') return <Navigate to={paths.auth.login} replace />;
  return children;
}

/** user/* is for visitors; an authenticated one is sent to / (spec §2.1). */
export function RedirectIfAuthenticated({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'unknown') return <LoadingScreen />;
  if (status === 'authenticated') return <Navigate to={paths.home} replace />;
  return children;
}
