import { Outlet, useLocation } from 'react-router';
import { ToastProvider } from '@/components/ui/toast-provider';

/** One toast stack for the whole app, placed and timed as the current area requires (spec §9). */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <ToastProvider area={pathname.startsWith('/user') ? 'auth' : 'shell'}>
      <Outlet />
    </ToastProvider>
  );
}
