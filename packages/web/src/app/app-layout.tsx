import DarkMode from '@mui/icons-material/DarkModeOutlined';
import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import LightMode from '@mui/icons-material/LightModeOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useState } from 'react';
import { Outlet, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Brand } from '../components/brand';
import { CenteredSpinner } from '../components/centered-spinner';
import { useOpenAuthDialog } from '../lib/auth-dialog-control';
import { useSession } from '../lib/session';
import { NotificationBell } from '../notifications';
import { NAV_ITEMS } from './nav-items';
import { useThemeMode } from './theme-mode';

/** Drawer width and top bar height (spec section 9). */
export const DRAWER_WIDTH = 240;
export const TOP_BAR_HEIGHT = 64;

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

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const { user } = useSession();
  return (
    <List component="nav" aria-label="Main" sx={{ px: 1, py: 1.5 }}>
      {NAV_ITEMS.filter((item) => !item.group || user?.groups.includes(item.group)).map((item) => {
        const selected = pathname === item.path || pathname.startsWith(`${item.path}/`);
        return (
          <ListItemButton
            key={item.path}
            component={RouterLink}
            to={item.path}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            onClick={onNavigate}
            sx={{
              borderRadius: 1,
              mb: 0.5,
              '&.Mui-selected': { color: 'primary.main', '& .MuiListItemIcon-root': { color: 'primary.main' } },
            }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: selected ? 600 : 500 } } }} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/** The page frame: top bar for everyone, plus the navigation drawer for signed-in users. */
export function AppLayout() {
  const { user, signOut } = useSession();
  const openAuthDialog = useOpenAuthDialog();
  const navigate = useNavigate();
  const wide = useMediaQuery((theme) => theme.breakpoints.up('md'), { noSsr: true });
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const drawerShown = user !== null && (wide ? desktopOpen : false);

  async function handleSignOut() {
    await signOut();
    navigate('/', { replace: true });
  }

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
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
            <IconButton
              color="inherit"
              aria-label="Toggle navigation"
              onClick={() => (wide ? setDesktopOpen((open) => !open) : setMobileOpen(true))}
            >
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
          {user && <NotificationBell />}
          <ThemeToggle />
          {user ? (
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
          ) : (
            <Button variant="contained" onClick={() => openAuthDialog('signin')}>
              Sign In
            </Button>
          )}
        </Toolbar>
      </AppBar>
      {user && (
        <>
          <Drawer
            variant="temporary"
            open={!wide && mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: true }}
            sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            <Toolbar sx={{ minHeight: TOP_BAR_HEIGHT }}>
              <Typography variant="subtitle2" color="text.secondary">
                {user.email}
              </Typography>
            </Toolbar>
            <NavList onNavigate={() => setMobileOpen(false)} />
          </Drawer>
          <Drawer
            variant="persistent"
            open={drawerShown}
            sx={{
              display: { xs: 'none', md: 'block' },
              '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
            }}
          >
            <Toolbar sx={{ minHeight: TOP_BAR_HEIGHT }} />
            <NavList />
          </Drawer>
        </>
      )}
      <Box
        component="main"
        sx={{
          pt: `${TOP_BAR_HEIGHT}px`,
          ml: drawerShown ? `${DRAWER_WIDTH}px` : 0,
          transition: (theme) => theme.transitions.create('margin'),
        }}
      >
        <Box sx={{ maxWidth: 1280, mx: 'auto', px: { xs: 2, sm: 3, md: 4 }, py: { xs: 2.5, sm: 4 } }}>
          <Suspense fallback={<CenteredSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
