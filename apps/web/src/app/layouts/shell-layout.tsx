import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DirectionsBoatIcon from '@mui/icons-material/DirectionsBoat';
import FolderIcon from '@mui/icons-material/Folder';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router';
import { homeLinkLabel, Logo } from '@/components/ui/logo';
import { SkipLink } from '@/components/ui/skip-link';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useUser } from '@/features/account/api/get-user';
import { CreditBadge } from '@/features/credits/components/credit-badge';
import { OrganisationSwitcher } from '@/features/organisations/components/organisation-switcher';
import { useAuth } from '@/lib/auth';

const DRAWER_WIDTH = 228;

const menu = [
  { label: 'Projects', to: paths.app.projects, icon: <FolderIcon /> },
  { label: 'Vessels', to: paths.app.vessels, icon: <DirectionsBoatIcon /> },
  { label: 'Transactions', to: paths.app.transactions, icon: <ReceiptLongIcon /> },
  { label: 'Account', to: paths.app.account, icon: <AccountCircleIcon /> },
  { label: 'Getting Started', to: paths.app.gettingStarted, icon: <RocketLaunchIcon /> },
  { label: 'Help', to: paths.app.help, icon: <HelpOutlineIcon /> },
];

function isActive(pathname: string, to: string): boolean {
  if (to === paths.app.projects && pathname === paths.home) return true;
  return pathname.startsWith(to.replace(/\/$/, ''));
}

function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  const { pathname } = useLocation();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Box component="nav" aria-label="Main menu">
      <List>
        {/* Each entry in its own list item: a list holding links directly is not a list to a screen reader. */}
        {menu.map((entry) => (
          <ListItem key={entry.label} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={entry.to}
              selected={isActive(pathname, entry.to)}
              aria-current={isActive(pathname, entry.to) ? 'page' : undefined}
              onClick={onNavigate}
              sx={{ mx: 1, borderRadius: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton
            onClick={() => {
              signOut();
              void navigate(paths.auth.login);
            }}
            sx={{ mx: 1, borderRadius: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <LogoutIcon />
            </ListItemIcon>
            <ListItemText primary="Logout" />
          </ListItemButton>
        </ListItem>
      </List>
    </Box>
  );
}

function Footer() {
  return (
    <Box
      component="footer"
      sx={{ mt: 'auto', py: 2, px: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        justifyContent="space-between"
        alignItems={{ sm: 'center' }}
      >
        <Typography variant="body2" color="text.secondary">
          © {env.companyName} · {env.companyAddress}
        </Typography>
        <Stack direction="row" spacing={2} component="nav" aria-label="Legal">
          <Link component={RouterLink} to={paths.legal.terms} variant="body2">
            Terms of Use
          </Link>
          <Link component={RouterLink} to={paths.legal.privacy} variant="body2">
            Privacy Policy
          </Link>
          <Link component={RouterLink} to={paths.legal.imprint} variant="body2">
            Imprint
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Spec §1, §2.3: top bar (logo, organisation, credits, welcome, account), left menu, footer. */
export function ShellLayout() {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [menuOpen, setMenuOpen] = useState(false);
  const user = useUser();
  const navigate = useNavigate();
  const firstName = user.data?.first_name ?? '';

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink target="main">Skip to main content</SkipLink>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {!wide && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label="Open the menu"
              onClick={() => setMenuOpen(true)}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Link
            component={RouterLink}
            to={paths.home}
            color="inherit"
            underline="none"
            aria-label={homeLinkLabel}
          >
            <Logo size={34} />
          </Link>
          <Box sx={{ flex: 1 }} />
          <OrganisationSwitcher />
          <CreditBadge />
          <Typography sx={{ mx: 1, display: { xs: 'none', sm: 'block' } }} data-testid="welcome">
            Welcome{firstName ? `, ${firstName}` : ''}
          </Typography>
          <Tooltip title="Account">
            <IconButton color="inherit" aria-label="Account" onClick={() => void navigate(paths.app.account)}>
              <AccountCircleIcon />
            </IconButton>
          </Tooltip>
        </Toolbar>
      </AppBar>
      <Drawer
        variant={wide ? 'permanent' : 'temporary'}
        open={wide || menuOpen}
        onClose={() => setMenuOpen(false)}
        sx={{
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <MainMenu onNavigate={() => setMenuOpen(false)} />
      </Drawer>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
          <Outlet />
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
