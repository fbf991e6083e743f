import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export function AuthFormHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
      {children}
    </Typography>
  );
}
