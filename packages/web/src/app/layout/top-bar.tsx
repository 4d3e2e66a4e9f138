import DarkMode from '@mui/icons-material/DarkModeOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import LightMode from '@mui/icons-material/LightModeOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { useOpenAuthDialog } from '../../lib/auth-dialog-control';
import { useSession } from '../../lib/session';
import { useThemeMode } from '../../lib/theme/theme-mode';
import { TOP_BAR_HEIGHT } from './sizes';

function ThemeToggle() {
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip title={label}>
      <IconButton onClick={toggle} aria-label={label} color="inherit">
        {mode === 'dark' ? <LightMode /> : <DarkMode />}
      </IconButton>
    </Tooltip>
  );
}

function AccountButtons() {
  const { signOut } = useSession();
  const navigate = useNavigate();

  async function handleSignOut() {
    await signOut();
    navigate('/', { replace: true });
  }

  return (
    <>
      <Tooltip title="Dashboard">
        <Button
          component={RouterLink}
          to="/dashboard"
          color="inherit"
          aria-label="Dashboard"
          sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 } }}
        >
          <DashboardIcon sx={{ display: { sm: 'none' } }} />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Dashboard
          </Box>
        </Button>
      </Tooltip>
      <Button
        onClick={handleSignOut}
        variant="outlined"
        color="inherit"
        aria-label="Sign Out"
        sx={{ minWidth: 0, px: { xs: 1, sm: 1.5 }, borderColor: 'divider' }}
      >
        <Logout fontSize="small" sx={{ display: { sm: 'none' } }} />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Sign Out
        </Box>
      </Button>
    </>
  );
}

/**
 * The top bar: for a visitor the brand, Pricing, the theme and Sign In; for a signed-in user the drawer
 * toggle, the brand, `notifications` (another feature's bell, given by the shell), the theme, Dashboard
 * and Sign Out.
 */
export function TopBar({
  toggleNavigation,
  notifications,
}: {
  toggleNavigation: () => void;
  notifications: ReactNode;
}) {
  const { user } = useSession();
  const openAuthDialog = useOpenAuthDialog();
  return (
    <AppBar
      position="fixed"
      sx={{
        zIndex: (theme) => theme.zIndex.drawer + 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ minHeight: { xs: TOP_BAR_HEIGHT }, gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {user && (
          <IconButton color="inherit" aria-label="Toggle navigation" onClick={toggleNavigation}>
            <MenuIcon />
          </IconButton>
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex' }}>
          <Brand />
        </Box>
        {!user && (
          <Button component={RouterLink} to="/pricing" color="inherit">
            Pricing
          </Button>
        )}
        {user && notifications}
        <ThemeToggle />
        {user ? (
          <AccountButtons />
        ) : (
          <Button variant="contained" onClick={() => openAuthDialog('signin')}>
            Sign In
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
