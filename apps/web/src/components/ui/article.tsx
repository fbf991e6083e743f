import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/hooks/use-page-title';

/** Long-form text (legal pages, help) with readable line length and spacing. */
export function Article({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <Box
      component="article"
      sx={{
        maxWidth: 820,
        '& h2': { mt: 3, mb: 1 },
        '& p, & li': { lineHeight: 1.65 },
        '& ul, & ol': { pl: 3 },
      }}
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export function Heading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h6" component="h2">
      {children}
    </Typography>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Typography component="p" sx={{ mb: 1.5 }}>
      {children}
    </Typography>
  );
}
