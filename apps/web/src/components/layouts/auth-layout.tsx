import InsightsIcon from '@mui/icons-material/Insights';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SavingsIcon from '@mui/icons-material/Savings';
import SpeedIcon from '@mui/icons-material/Speed';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { HeaderIllustration } from '@/components/ui/header-illustration';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

const promises = [
  {
    icon: <InsightsIcon color="primary" />,
    title: 'Accurate detection and classification',
    text: 'Segmentation models mark every pixel as clean structure, slime, soft or hard fouling.',
  },
  {
    icon: <SpeedIcon color="primary" />,
    title: 'Better hull performance',
    text: 'Know where fouling grows and clean before drag costs you speed and fuel.',
  },
  {
    icon: <SavingsIcon color="primary" />,
    title: 'Lower maintenance cost',
    text: 'Plan cleaning and dry-docking from evidence, with records for your inspections.',
  },
];

/** Spec §2.2: header image, marketing text on the left, the form card on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ position: 'relative', height: { xs: 120, md: 180 }, overflow: 'hidden' }}>
        <HeaderIllustration />
        <Box sx={{ position: 'absolute', top: 16, left: 24 }}>
          <Logo size={40} color="#ffffff" />
        </Box>
      </Box>
      <Container maxWidth="lg" component="main" sx={{ flex: 1, py: { xs: 3, md: 5 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={3} component="section" aria-label="Why Hullscope">
            <Typography variant="h4" component="p" sx={{ fontWeight: 700, color: 'primary.dark' }}>
              Biofouling detection for ship hulls
            </Typography>
            <Typography color="text.secondary">
              Upload hull images from divers, drones or ROVs and get a classified map of the fouling with
              class percentages, ready for your inspection records.
            </Typography>
            {promises.map((promise) => (
              <Stack key={promise.title} direction="row" spacing={2} alignItems="flex-start">
                {promise.icon}
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{promise.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {promise.text}
                  </Typography>
                </Box>
              </Stack>
            ))}
            <Stack
              direction="row"
              spacing={2}
              alignItems="flex-start"
              sx={{
                p: 2,
                borderRadius: 2,
                bgcolor: (theme) => alpha(theme.palette.primary.main, 0.06),
                border: 1,
                borderColor: 'primary.light',
              }}
            >
              <LocalOfferIcon color="secondary" />
              <Typography variant="body2">
                <strong>50 % off your first purchase.</strong> Write to{' '}
                <Link href={`mailto:${env.salesEmail}`}>{env.salesEmail}</Link> to claim the discount.
              </Typography>
            </Stack>
          </Stack>
          <Card component="section" elevation={3} sx={{ borderRadius: 3 }}>
            <CardContent sx={{ p: { xs: 3, md: 4 } }}>{children}</CardContent>
          </Card>
        </Box>
      </Container>
      <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          <Link component={RouterLink} to={paths.legal.terms} color="inherit">
            Terms of Use
          </Link>
          {' · '}
          <Link component={RouterLink} to={paths.legal.privacy} color="inherit">
            Privacy Policy
          </Link>
          {' · '}
          <Link component={RouterLink} to={paths.legal.imprint} color="inherit">
            Imprint
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}
