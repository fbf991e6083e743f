import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/use-page-title';

/** A page's heading; a text heading also names the browser tab. */
export function PageTitle({ children }: { children: ReactNode }) {
  usePageTitle(typeof children === 'string' ? children : undefined);
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
      {children}
    </Typography>
  );
}
