import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, Outlet } from 'react-router';
import { homeLinkLabel, Logo } from '@/components/ui/logo';
import { paths } from '@/config/paths';

/** The legal pages' simple frame: logo, the text on paper, links between the documents. */
export function LegalLayout() {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: 4 }}>
      <Container maxWidth="md">
        <Stack
          component="header"
          direction="row"
          alignItems="center"
          justifyContent="space-between"
          sx={{ mb: 3 }}
        >
          <Link
            component={RouterLink}
            to={paths.home}
            underline="none"
            color="primary.dark"
            aria-label={homeLinkLabel}
          >
            <Logo />
          </Link>
          <Stack direction="row" spacing={1} component="nav" aria-label="Legal documents">
            <Button component={RouterLink} to={paths.legal.terms} size="small">
              Terms of Use
            </Button>
            <Button component={RouterLink} to={paths.legal.privacy} size="small">
              Privacy Policy
            </Button>
            <Button component={RouterLink} to={paths.legal.imprint} size="small">
              Imprint
            </Button>
          </Stack>
        </Stack>
        <Paper variant="outlined" component="main" sx={{ p: { xs: 3, md: 5 } }}>
          <Outlet />
        </Paper>
      </Container>
    </Box>
  );
}
